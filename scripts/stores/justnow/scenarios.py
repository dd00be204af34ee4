"""Just Now's sample stores: Glimpse's own sessions.json (no shipped app writes one; see
scripts/stores/justnow/), each file's text as the scenario needs it: a bare list, an object, dates
in ISO 8601 or seconds since 2001, or JSON cut short."""
from stores import justnow


def container(text):
    return lambda root, name: justnow.write_container(root, text=text)


SCENARIOS = {
    "corrupt": container(b'[{"startedAt": "2026-11-22T08:00:00-05:00", "durationSec'),
    "dst-fall-back": container(b'[\n  { "startedAt": "2026-11-01T00:00:00-04:00", "durationSeconds": 600 }\n]\n'),
    "many-short-sessions": container(b'[\n  {\n    "startedAt": "2026-11-22T06:00:00-05:00",\n    "durationSeconds": 60\n  },\n  {\n    "startedAt": "2026-11-22T06:07:00-05:00",\n    "durationSeconds": 97\n  },\n  {\n    "startedAt": "2026-11-22T06:14:00-05:00",\n    "durationSeconds": 134\n  },\n  {\n    "startedAt": "2026-11-22T06:21:00-05:00",\n    "durationSeconds": 171\n  },\n  {\n    "startedAt": "2026-11-22T06:28:00-05:00",\n    "durationSeconds": 87\n  },\n  {\n    "startedAt": "2026-11-22T06:35:00-05:00",\n    "durationSeconds": 124\n  },\n  {\n    "startedAt": "2026-11-22T06:42:00-05:00",\n    "durationSeconds": 161\n  },\n  {\n    "startedAt": "2026-11-22T06:49:00-05:00",\n    "durationSeconds": 77\n  },\n  {\n    "startedAt": "2026-11-22T06:56:00-05:00",\n    "durationSeconds": 114\n  },\n  {\n    "startedAt": "2026-11-22T07:03:00-05:00",\n    "durationSeconds": 151\n  },\n  {\n    "startedAt": "2026-11-22T07:10:00-05:00",\n    "durationSeconds": 67\n  },\n  {\n    "startedAt": "2026-11-22T07:17:00-05:00",\n    "durationSeconds": 104\n  },\n  {\n    "startedAt": "2026-11-22T07:24:00-05:00",\n    "durationSeconds": 141\n  },\n  {\n    "startedAt": "2026-11-22T07:31:00-05:00",\n    "durationSeconds": 178\n  },\n  {\n    "startedAt": "2026-11-22T07:38:00-05:00",\n    "durationSeconds": 94\n  },\n  {\n    "startedAt": "2026-11-22T07:45:00-05:00",\n    "durationSeconds": 131\n  },\n  {\n    "startedAt": "2026-11-22T07:52:00-05:00",\n    "durationSeconds": 168\n  },\n  {\n    "startedAt": "2026-11-22T07:59:00-05:00",\n    "durationSeconds": 84\n  },\n  {\n    "startedAt": "2026-11-22T08:06:00-05:00",\n    "durationSeconds": 121\n  },\n  {\n    "startedAt": "2026-11-22T08:13:00-05:00",\n    "durationSeconds": 158\n  },\n  {\n    "startedAt": "2026-11-22T08:20:00-05:00",\n    "durationSeconds": 74\n  },\n  {\n    "startedAt": "2026-11-22T08:27:00-05:00",\n    "durationSeconds": 111\n  },\n  {\n    "startedAt": "2026-11-22T08:34:00-05:00",\n    "durationSeconds": 148\n  },\n  {\n    "startedAt": "2026-11-22T08:49:00-05:00",\n    "durationSeconds": 120\n  }\n]'),
    "no-history": container(b'[]\n'),
    "session-in-the-app": container(b'[\n  { "startedAt": "2026-11-21T20:50:00-05:00", "durationSeconds": 600 }\n]\n'),
    "three-minutes-ago": container(b'[\n  { "startedAt": "2026-11-21T07:15:00-05:00", "durationSeconds": 300 },\n  { "startedAt": "2026-11-22T08:47:00-05:00", "durationSeconds": 600 }\n]\n'),
    "week-ago": container(b'[\n  {\n    "startedAt": 816390000.0,\n    "durationSeconds": 420\n  },\n  {\n    "startedAt": 816438000.0,\n    "durationSeconds": 600\n  }\n]'),
    "yesterday-evening": container(b'{\n  "sessions": [\n    { "startedAt": "2026-11-20T19:00:00-05:00", "durationSeconds": 900 },\n    { "startedAt": "2026-11-21T20:25:00-05:00", "durationSeconds": 900 }\n  ]\n}\n'),
}
