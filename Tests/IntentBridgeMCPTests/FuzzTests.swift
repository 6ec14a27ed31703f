import IntentBridgeBinary
import IntentBridgeJSON
import IntentBridgeMCP
import IntentBridgeTestSupport
import Testing

@Suite struct FuzzTests {
  static let templates: [String] = [
    #"{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"ib1.a"}}"#,
    #"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"add_note_intent","arguments":{"title":"Milk","priority":"high","count":3}}}"#,
    #"{"jsonrpc":"2.0","id":"s","method":"prompts/get","params":{"name":"fill-parameters","arguments":{"intent":"AddNoteIntent"}}}"#,
    #"{"jsonrpc":"2.0","id":4,"method":"completion/complete","params":{"ref":{"type":"ref/prompt","name":"fill-parameters"},"argument":{"name":"intent","value":"A"}}}"#,
    #"{"jsonrpc":"2.0","id":5,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}"#,
    #"{"jsonrpc":"2.0","id":6,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#,
    #"{"jsonrpc":"2.0","id":7,"method":"ping"}"#,
    #"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}"#,
    #"[{"jsonrpc":"2.0","id":8,"method":"ping"}]"#,
  ]

  static let wrongValues: [JSONValue] = [.null, true, 0, -1.5, "x", [], [:], [[1, [2]]], ["a": ["b": []]]]

  /// Replaces every member of every object (recursively), one at a time, with a wrong value.
  static func wrongTypeVariants(_ value: JSONValue) -> [JSONValue] {
    guard case .object(let object) = value else { return [] }
    var out: [JSONValue] = []
    for (key, member) in object {
      for wrong in wrongValues {
        var copy = object
        copy[key] = wrong
        out.append(.object(copy))
      }
      var copy = object
      copy[key] = nil
      out.append(.object(copy))
      for nested in wrongTypeVariants(member) {
        var copy = object
        copy[key] = nested
        out.append(.object(copy))
      }
    }
    return out
  }

  @Test func tenThousandHostileLinesInterleavedWithValidRequests() throws {
    let server = Fixture.server()
    var generator = SeededGenerator(seed: 0x1B_2026)
    var expected: [String: Int] = [:]  // valid request id → responses seen
    var outputs = 0

    func send(_ bytes: [UInt8]) {
      for line in server.handle(line: bytes) {
        outputs += 1
        #expect(!line.contains("\n"))
        guard let reply = try? JSONParser.parse(line) else {
          Issue.record("output is not JSON: \(line.prefix(200))")
          continue
        }
        for message in reply.arrayValue ?? [reply] {
          #expect(message["jsonrpc"] == "2.0", "\(line.prefix(300))")
          #expect((message["result"] == nil) != (message["error"] == nil), "exactly one of result/error")
          #expect(message["id"] != nil)
          if case .string(let id)? = message["id"], id.hasPrefix("valid-") { expected[id, default: 0] += 1 }
        }
      }
    }
    send(Array(#"{"jsonrpc":"2.0","id":"init","method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{}}}"#.utf8))

    let wrongTypes = Self.templates.compactMap { try? JSONParser.parse($0) }.flatMap(Self.wrongTypeVariants).map { Array($0.compactText.utf8) }
    #expect(wrongTypes.count > 300)
    var hostile = 0
    var validCount = 0
    let valid = [
      #"{"jsonrpc":"2.0","id":"ID","method":"ping"}"#,
      #"{"jsonrpc":"2.0","id":"ID","method":"tools/list"}"#,
      #"{"jsonrpc":"2.0","id":"ID","method":"tools/call","params":{"name":"add_note_intent","arguments":{"title":"T"}}}"#,
      #"{"jsonrpc":"2.0","id":"ID","method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}"#,
      #"{"jsonrpc":"2.0","id":"ID","method":"prompts/list"}"#,
    ]
    while hostile < 10_000 {
      let kind = Int.random(in: 0..<6, using: &generator)
      var line: [UInt8]
      switch kind {
      case 0:  // random bytes (no newline: the framer splits on it)
        let length = Int.random(in: 0..<200, using: &generator)
        line = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }.map { $0 == 0x0A ? 0x20 : $0 }
      case 1:  // truncated valid message
        let template = Array(Self.templates.randomElement(using: &generator)!.utf8)
        line = Array(template.prefix(Int.random(in: 0..<template.count, using: &generator)))
      case 2:  // mutated valid message
        line = Array(Self.templates.randomElement(using: &generator)!.utf8)
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          let i = Int.random(in: 0..<line.count, using: &generator)
          line[i] = UInt8.random(in: 0...255, using: &generator)
          if line[i] == 0x0A { line[i] = 0x7B }
        }
      case 3:  // wrong types for every field
        line = wrongTypes[hostile % wrongTypes.count]
      case 4:  // deeply nested arrays, bare or inside params
        let depth = Int.random(in: 200...5000, using: &generator)
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        line = Array((Bool.random(using: &generator) ? nested : #"{"jsonrpc":"2.0","id":9,"method":"ping","params":{"x":"# + nested + "}}").utf8)
      default:  // valid messages from the templates, including batches and notifications
        line = Array(Self.templates.randomElement(using: &generator)!.utf8)
      }
      send(line)
      hostile += 1
      if hostile % 4 == 0 {
        validCount += 1
        let id = "valid-\(validCount)"
        expected[id] = 0
        send(Array(valid[validCount % valid.count].replacingID(with: id).utf8))
      }
    }
    // A few multi-megabyte lines: one valid 4 MB request and 16 MB+ lines through the framer.
    validCount += 1
    expected["valid-\(validCount)"] = 0
    let big =
      "{\"jsonrpc\":\"2.0\",\"id\":\"valid-\(validCount)\",\"method\":\"ping\",\"params\":{\"pad\":\"" + String(repeating: "x", count: 4 << 20)
      + "\"}}"
    send(Array(big.utf8))
    var framer = LineFramer(limit: 16 << 20)
    let huge = [UInt8](repeating: 0x61, count: (16 << 20) + 10)
    var tooLong = 0
    for _ in 0..<2 {
      for event in framer.append(huge) + framer.append([0x0A]) {
        if case .tooLong = event { tooLong += 1 }
      }
    }
    #expect(tooLong == 2)

    #expect(hostile >= 10_000)
    #expect(outputs > 5_000)
    for (id, count) in expected where count != 1 {
      Issue.record("\(id) got \(count) responses")
    }
  }
}

extension String {
  fileprivate func replacingID(with id: String) -> String {
    guard let range = firstRange(of: "\"ID\"") else { return self }
    var copy = self
    copy.replaceSubrange(range, with: "\"\(id)\"")
    return copy
  }
}
