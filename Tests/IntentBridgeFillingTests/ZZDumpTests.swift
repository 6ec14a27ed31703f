import Foundation
import IntentBridgeFilling
import IntentBridgeTestSupport
import Testing

@Suite struct ZZDump {
  @Test func dump() throws {
    var out = ""
    for lang in ["en", "de", "fi", "sk", "zh-CN"] {
      let text = try String(contentsOfFile: Repository.path("Examples/home-assistant/\(lang).dev.jsonl"), encoding: .utf8)
      let x = Extractors(context: pinnedContext(lang))
      var seen = Set<String>()
      for line in text.split(separator: "\n") {
        guard let r = line.range(of: "\"query\": \"") else { continue }
        let rest = line[r.upperBound...]
        guard let q = rest.split(separator: "\"").first.map(String.init), seen.insert(q).inserted else { continue }
        let vals = x.extract(q)
        if vals.isEmpty { continue }
        out += "\(lang)\t\(q)\t" + vals.map { "[\($0.text)→\(describe($0)) \($0.confidence)]" }.joined(separator: " ") + "\n"
      }
    }
    try out.write(toFile: "/tmp/fill-dump.txt", atomically: true, encoding: .utf8)
  }
}
