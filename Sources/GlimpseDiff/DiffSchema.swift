import Foundation

/// `review/diff.schema.json`: the JSON Schema of `diff.json`. Every object is closed
/// (`additionalProperties: false`), as in the manifest's schema, so a field added to `DiffReport`
/// without the schema fails the tests that validate a review against it.
public enum DiffSchema {
    public static let json = #"""
    {
      "$schema": "https://json-schema.org/draft/2020-12/schema",
      "$id": "https://glimpse.invalid/diff.schema.json",
      "title": "glimpse diff report",
      "type": "object",
      "additionalProperties": false,
      "required": ["schemaVersion", "base", "new", "settings", "summary", "assets", "diagnostics", "widgets"],
      "properties": {
        "schemaVersion": {"const": 3},
        "base": {"$ref": "#/$defs/side"},
        "new": {"$ref": "#/$defs/side"},
        "settings": {"type": "array", "items": {
          "type": "object", "additionalProperties": false, "required": ["setting", "before", "after"],
          "properties": {"setting": {"enum": ["now", "timeZone", "locale", "device", "redacted", "reloadBudget"]},
                         "before": {"type": "string"}, "after": {"type": "string"}}}},
        "summary": {"type": "object", "additionalProperties": false,
          "required": ["widgets", "added", "removed", "changed", "unchanged", "framesChanged", "apps"],
          "properties": {
            "widgets": {"type": "integer", "minimum": 0}, "added": {"type": "integer", "minimum": 0},
            "removed": {"type": "integer", "minimum": 0}, "changed": {"type": "integer", "minimum": 0},
            "unchanged": {"type": "integer", "minimum": 0}, "framesChanged": {"type": "integer", "minimum": 0},
            "visual": {"type": "integer", "minimum": 0},
            "apps": {"type": "array", "items": {"type": "object", "additionalProperties": false,
              "required": ["app", "added", "removed", "changed", "unchanged"],
              "properties": {"app": {"type": "string"}, "added": {"type": "integer"}, "removed": {"type": "integer"},
                             "changed": {"type": "integer"}, "unchanged": {"type": "integer"}, "visual": {"type": "integer"}}}}}},
        "assets": {"type": "array", "items": {"type": "object", "additionalProperties": false,
          "required": ["path", "change", "reaches"],
          "properties": {"path": {"type": "string"}, "change": {"enum": ["added", "removed", "changed"]},
                         "reaches": {"type": "integer", "minimum": 0}}}},
        "diagnostics": {"$ref": "#/$defs/diagnosticChanges"},
        "widgets": {"type": "array", "items": {"$ref": "#/$defs/widget"}},
        "pixels": {"type": "object", "additionalProperties": false,
          "required": ["chromium", "fonts", "threshold", "scale", "framesCompared", "imagesCompared", "imagesChanged", "sheets"],
          "properties": {"chromium": {"type": "string"}, "fonts": {"type": "array", "items": {"type": "string"}},
                         "threshold": {"type": "number", "minimum": 0, "maximum": 1}, "scale": {"type": "integer", "minimum": 1},
                         "framesCompared": {"type": "integer", "minimum": 0}, "imagesCompared": {"type": "integer", "minimum": 0},
                         "imagesChanged": {"type": "integer", "minimum": 0}, "sheets": {"type": "integer", "minimum": 0}}}
      },
      "$defs": {
        "side": {"type": "object", "additionalProperties": false, "required": ["path", "generator", "schemaVersion", "now", "widgets"],
          "properties": {"path": {"type": "string"}, "generator": {"type": "string"}, "schemaVersion": {"type": "integer"},
                         "now": {"type": "string"}, "widgets": {"type": "integer", "minimum": 0}}},
        "diagnostic": {"type": "object", "additionalProperties": false, "required": ["severity", "message"],
          "properties": {"severity": {"type": "string"}, "message": {"type": "string"}, "file": {"type": "string"}}},
        "diagnosticChanges": {"type": "object", "additionalProperties": false, "required": ["new", "resolved"],
          "properties": {"new": {"type": "array", "items": {"$ref": "#/$defs/diagnostic"}},
                         "resolved": {"type": "array", "items": {"$ref": "#/$defs/diagnostic"}}}},
        "widget": {"type": "object", "additionalProperties": false,
          "required": ["key", "app", "scenario", "family", "status", "frames", "storyboard", "reloads", "reloadRows", "diagnostics"],
          "properties": {
            "key": {"type": "string"}, "app": {"type": "string"}, "scenario": {"type": "string"}, "family": {"type": "string"},
            "device": {"type": "string"}, "textSize": {"type": "string"},
            "status": {"enum": ["added", "removed", "changed", "unchanged"]},
            "basePage": {"type": "string"}, "newPage": {"type": "string"},
            "frames": {"type": "array", "items": {"$ref": "#/$defs/frameChange"}},
            "storyboard": {"type": "array", "items": {"$ref": "#/$defs/frameChange"}},
            "reloads": {"type": "array", "items": {"type": "object", "additionalProperties": false,
              "required": ["measure", "before", "after"],
              "properties": {"measure": {"enum": ["budgetUsed", "refused", "failed", "reloads"]},
                             "before": {"type": "integer"}, "after": {"type": "integer"}}}},
            "reloadRows": {"type": "array", "items": {"type": "object", "additionalProperties": false,
              "required": ["offset", "at", "reason", "change"],
              "properties": {"offset": {"type": "integer"}, "at": {"type": "string"}, "reason": {"type": "string"},
                             "change": {"enum": ["added", "removed", "changed"]},
                             "before": {"enum": ["budgeted", "refused", "failed", "free"]}, "after": {"enum": ["budgeted", "refused", "failed", "free"]}}}},
            "diagnostics": {"$ref": "#/$defs/diagnosticChanges"},
            "placeholder": {"$ref": "#/$defs/frameChange"},
            "visual": {"type": "boolean"},
            "preview": {"type": "array", "items": {"$ref": "#/$defs/schemePixels"}}}},
        "frameChange": {"type": "object", "additionalProperties": false,
          "required": ["offset", "anchor", "start", "change", "htmlChanged"],
          "properties": {"offset": {"type": "integer"}, "anchor": {"type": "string"}, "start": {"type": "string"},
                         "change": {"enum": ["added", "removed", "changed", "restyled"]},
                         "stateBefore": {"type": "string"}, "stateAfter": {"type": "string"},
                         "textsBefore": {"type": "array", "items": {"type": "string"}},
                         "textsAfter": {"type": "array", "items": {"type": "string"}},
                         "htmlChanged": {"type": "boolean"},
                         "pixels": {"type": "array", "items": {"$ref": "#/$defs/schemePixels"}}}},
        "schemePixels": {"type": "object", "additionalProperties": false, "required": ["scheme", "width", "height", "changedPixels"],
          "properties": {"scheme": {"type": "string"}, "width": {"type": "integer", "minimum": 1}, "height": {"type": "integer", "minimum": 1},
                         "changedPixels": {"type": "integer", "minimum": 0},
                         "box": {"type": "object", "additionalProperties": false, "required": ["x", "y", "width", "height"],
                                 "properties": {"x": {"type": "integer", "minimum": 0}, "y": {"type": "integer", "minimum": 0},
                                                "width": {"type": "integer", "minimum": 1}, "height": {"type": "integer", "minimum": 1}}},
                         "base": {"type": "string"}, "new": {"type": "string"}, "diff": {"type": "string"}}}
      }
    }
    """#
}
