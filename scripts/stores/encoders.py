"""JSON as the apps' encoders write it.

- `swift_json`: Foundation's `JSONEncoder` with `outputFormatting = [.prettyPrinted, .sortedKeys]`
  (as a Swift app's `AppGroupStorage` writes its files): two-space indent, `"key" : value`, keys sorted, an empty array as
  `[\\n\\n  ]`, `/` escaped as `\\/`, no newline at the end; a `Decimal` written with all its digits.
- `javascript_json`: `JSON.stringify(value)`: compact, keys in insertion order, no newline at the end.
"""
import datetime
import decimal
import json


def swift_json(value):
    """`value` (dicts, lists, str, bool, int, float, Decimal, None) as JSONEncoder writes it."""
    return _pretty(value, 0).encode()


def _pretty(value, depth):
    pad = "  " * (depth + 1)
    end = "  " * depth
    if isinstance(value, dict):
        if not value:
            return "{\n\n" + end + "}"
        items = [f"{pad}{_string(key)} : {_pretty(value[key], depth + 1)}" for key in sorted(value)]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(value, list):
        if not value:
            return "[\n\n" + end + "]"
        return "[\n" + ",\n".join(pad + _pretty(item, depth + 1) for item in value) + "\n" + end + "]"
    return _scalar(value)


def _scalar(value):
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, str):
        return _string(value)
    if isinstance(value, decimal.Decimal):
        return _decimal(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value) if value != int(value) else str(int(value))
    raise TypeError(f"not JSON: {value!r}")


def _decimal(value):
    """A Decimal as Swift's `Decimal` encodes: plain digits, no exponent, no trailing zeros."""
    text = format(value.normalize(), "f")
    return text if "." not in text else text.rstrip("0").rstrip(".")


def _string(text):
    return json.dumps(text, ensure_ascii=False).replace("/", "\\/")


def iso8601(moment):
    """`JSONEncoder.DateEncodingStrategy.iso8601`: UTC, whole seconds, `Z`."""
    return moment.astimezone(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def javascript_json(value):
    """`JSON.stringify(value)`: compact, insertion order, non-ASCII as it is."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def javascript_iso(moment):
    """`Date.prototype.toISOString()`: UTC with milliseconds and `Z`."""
    utc = moment.astimezone(datetime.timezone.utc)
    return utc.strftime("%Y-%m-%dT%H:%M:%S.") + f"{utc.microsecond // 1000:03d}Z"
