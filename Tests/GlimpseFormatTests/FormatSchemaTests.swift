import Foundation
import GlimpseFormat
import Testing

/// Each format's Swift types and its JSON Schema are held to each other, so that neither is kept
/// equal to the other by hand: every key a type reads is in the schema with the same JSON type,
/// every property of the schema is read by the type, and what the type requires the schema
/// requires too (the schema may require more: a reader of version 3 also reads versions 1 and 2,
/// which lacked some fields).
struct FormatSchemaTests {
    /// Every format, with its current type.
    static let formats: [(schema: FormatSchema, fields: [String: Field], version: Int)] = [
        (.manifest, KeyProbe.fields(of: ManifestV3.self), ManifestV3.currentSchemaVersion),
        (.diff, KeyProbe.fields(of: DiffReportV4.self), DiffReportV4.currentSchemaVersion),
        (.findings, KeyProbe.fields(of: FindingsV2.self), FindingsV2.currentSchemaVersion),
        (.accepted, KeyProbe.fields(of: AcceptedFindingsV2.self), AcceptedFindingsV2.currentSchemaVersion),
        (.decision, KeyProbe.fields(of: DecisionRecordV2.self), DecisionRecordV2.currentSchemaVersion),
        (.approvals, KeyProbe.fields(of: ApprovalsV1.self), ApprovalsV1.currentSchemaVersion),
        (.review, KeyProbe.fields(of: ReviewNotesV1.self), ReviewNotesV1.currentSchemaVersion),
        (.shard, KeyProbe.fields(of: ShardV1.self), ShardV1.currentSchemaVersion),
    ]

    @Test(arguments: formats.indices)
    func everyKeyTheTypeReadsIsInTheSchemaWithItsType(index: Int) throws {
        let format = Self.formats[index]
        let schema = try SchemaFields(format.schema)
        let missing = format.fields.keys.filter { schema.fields[$0] == nil }
        #expect(missing.isEmpty, "\(format.schema.fileName) lacks what the type reads: \(missing.sorted())")
        let retyped = format.fields.filter { path, field in schema.fields[path].map { $0.kind != field.kind } ?? false }
        #expect(retyped.isEmpty, "\(format.schema.fileName) types these otherwise: \(retyped.keys.sorted())")
    }

    @Test(arguments: formats.indices)
    func everyPropertyOfTheSchemaIsReadByTheType(index: Int) throws {
        let format = Self.formats[index]
        let schema = try SchemaFields(format.schema)
        let unread = Set(schema.fields.keys).subtracting(format.fields.keys)
        #expect(unread.isEmpty, "\(format.schema.fileName) describes what the type never reads: \(unread.sorted())")
    }

    @Test(arguments: formats.indices)
    func whatTheTypeRequiresTheSchemaRequires(index: Int) throws {
        let format = Self.formats[index]
        let schema = try SchemaFields(format.schema)
        let optional = format.fields.filter { $0.value.required && schema.fields[$0.key]?.required != true }.keys
        #expect(
            optional.isEmpty,
            "\(format.schema.fileName) lets these be absent, but the type needs them: \(optional.sorted())")
    }

    @Test(arguments: formats.indices)
    func everyObjectIsClosedAndTheVersionIsTheTypes(index: Int) throws {
        let format = Self.formats[index]
        let schema = try SchemaFields(format.schema)
        #expect(
            schema.open.isEmpty, "\(format.schema.fileName): objects without additionalProperties false: \(schema.open)"
        )
        #expect(schema.version == format.version)
    }

    /// The probe itself sees what a type reads, optional or not, in nested objects and arrays.
    @Test func theProbeSeesEveryKeyAndWhetherItIsRequired() {
        struct Inner: Decodable {
            var count: Int
            var ratio: Double?
        }
        struct Outer: Decodable {
            var name: String
            var flags: [Bool]
            var inner: Inner?
            var list: [Inner]
        }
        let fields = KeyProbe.fields(of: Outer.self)
        #expect(fields["name"] == Field(kind: .string, required: true))
        #expect(fields["flags"] == Field(kind: .array, required: true))
        #expect(fields["flags[]"] == Field(kind: .boolean, required: true))
        #expect(fields["inner"] == Field(kind: .object, required: false))
        #expect(fields["inner.count"] == Field(kind: .integer, required: true))
        #expect(fields["inner.ratio"] == Field(kind: .number, required: false))
        #expect(fields["list[].count"] == Field(kind: .integer, required: true))
    }

    /// An enum's field is read as its raw value, and what follows it is read too.
    @Test func theProbeReadsPastAnEnum() {
        enum Colour: String, Decodable, CaseIterable { case red, green }
        struct Paint: Decodable {
            var colour: Colour
            var after: Int
        }
        let fields = KeyProbe.fields(of: Paint.self)
        #expect(fields["colour"] == Field(kind: .string, required: true))
        #expect(fields["after"] == Field(kind: .integer, required: true))
    }
}

/// A value's place in a document, and what it is.
struct Field: Hashable {
    enum Kind: String {
        case string, integer, number, boolean, object, array
    }

    var kind: Kind
    var required: Bool
}

/// The fields a schema describes, by path (`widgets[].frames[].hash`), its objects that accept any
/// other property, and its `schemaVersion` constant.
struct SchemaFields {
    var fields: [String: Field] = [:]
    var open: [String] = []
    var version: Int?
    private let definitions: [String: Any]

    init(_ schema: FormatSchema) throws {
        let root = try #require(try JSONSerialization.jsonObject(with: try schema.data()) as? [String: Any])
        definitions = root["$defs"] as? [String: Any] ?? [:]
        let version = (root["properties"] as? [String: Any])?["schemaVersion"] as? [String: Any]
        self.version = version?["const"] as? Int
        walk(root, path: "")
    }

    /// `node` itself, or the definition its `$ref` names.
    func resolved(_ node: [String: Any]) -> [String: Any] {
        guard let reference = node["$ref"] as? String, reference.hasPrefix("#/$defs/") else { return node }
        return definitions[String(reference.dropFirst("#/$defs/".count))] as? [String: Any] ?? [:]
    }

    func kind(of node: [String: Any]) -> Field.Kind? {
        if let type = node["type"] as? String { return Field.Kind(rawValue: type) }
        let values = (node["enum"] as? [Any]) ?? (node["const"].map { [$0] } ?? [])
        if values.allSatisfy({ $0 is String }), !values.isEmpty { return .string }
        if values.allSatisfy({ $0 is Int }), !values.isEmpty { return .integer }
        return node["properties"] == nil ? nil : .object
    }

    mutating func walk(_ node: [String: Any], path: String) {
        let node = resolved(node)
        if let properties = node["properties"] as? [String: Any] {
            if node["additionalProperties"] as? Bool != false { open.append(path.isEmpty ? "(root)" : path) }
            let required = Set(node["required"] as? [String] ?? [])
            for (name, value) in properties {
                guard let child = value as? [String: Any] else { continue }
                let childPath = path.isEmpty ? name : "\(path).\(name)"
                if let kind = kind(of: resolved(child)) {
                    fields[childPath] = Field(kind: kind, required: required.contains(name))
                }
                walk(child, path: childPath)
            }
        }
        if let items = node["items"] as? [String: Any] {
            let itemPath = path + "[]"
            if let kind = kind(of: resolved(items)) {
                fields[itemPath] = Field(kind: kind, required: true)
            }
            walk(items, path: itemPath)
        }
    }
}
