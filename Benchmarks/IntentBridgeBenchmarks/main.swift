import Foundation
import IntentBridgeCatalog
import IntentBridgeJSON
import IntentBridgeTools

// Benchmarks that print numbers, each next to a baseline measured in the same run.
// Build and run in release mode:  swift run -c release intentbridge-bench [catalog]
//
// catalog: load + validate + tool generation for a synthetic 3,000-intent catalog (target
//          < 0.5 s), against Foundation's JSONSerialization parsing the same bytes.

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

func time(_ body: () -> Void) -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// A synthetic catalog shaped like real ones: titles, descriptions, keywords, phrases with
/// slots, 0–5 parameters of mixed types, shared enums and an entity with instances.
func syntheticCatalog(intents count: Int) -> String {
  let verbs = ["Add", "Open", "Search", "Delete", "Share", "Export", "Start", "Stop", "Set", "Show", "Play", "Send"]
  let nouns = ["note", "folder", "timer", "alarm", "playlist", "message", "reminder", "document", "photo", "contact", "light", "scene"]
  var intents: [JSONValue] = []
  for i in 0..<count {
    let verb = verbs[i % verbs.count]
    let noun = nouns[(i / verbs.count) % nouns.count]
    var parameters: [JSONValue] = []
    let kinds: [JSONValue] = ["string", "integer", ["enum": "Priority"], "date", ["entity": "Item"], "boolean"]
    for p in 0..<(i % 6) {
      var parameter: JSONObject = [
        "name": .string("p\(p)"), "title": .string("Parameter \(p)"), "description": .string("The \(noun)'s parameter \(p)."), "type": kinds[p],
      ]
      if p == 1 {
        parameter["minimum"] = 0
        parameter["maximum"] = 100
      }
      if p >= 3 { parameter["optional"] = true }
      parameters.append(.object(parameter))
    }
    let slot = parameters.isEmpty ? "" : " ${p0}"
    intents.append([
      "id": .string("\(verb)\(noun.capitalized)\(i)Intent"),
      "title": .string("\(verb) \(noun) \(i)"),
      "description": .string("\(verb)s a \(noun) in collection \(i)."),
      "categoryName": .string("Category \(i % 20)"),
      "searchKeywords": [.string(noun), .string(verb.lowercased()), .string("item\(i)")],
      "phrases": [.string("\(verb.lowercased()) [the] \(noun)\(slot)"), .string("(please|kindly) \(verb.lowercased()) \(noun) \(i)")],
      "parameters": .array(parameters),
      "parameterSummary": .string(parameters.isEmpty ? "\(verb) \(noun)" : "\(verb) \(noun) ${p0}"),
    ])
  }
  let document: JSONValue = [
    "formatVersion": 1,
    "app": ["name": "Synthetic", "defaultLanguage": "en"],
    "intents": .array(intents),
    "enums": [
      [
        "id": "Priority", "title": "Priority",
        "cases": [["value": "low", "title": "Low"], ["value": "high", "title": "High", "synonyms": ["important"]]],
      ]
    ],
    "entities": [
      ["id": "Item", "title": "Item", "instances": .array((0..<50).map { ["id": .string("item-\($0)"), "title": .string("Item \($0)")] })]
    ],
  ]
  return JSONWriter.compact(document)
}

func benchmarkCatalog() {
  let text = syntheticCatalog(intents: 3000)
  let bytes = Array(text.utf8)
  let data = Data(bytes)
  var loadTimes: [Double] = []
  var toolTimes: [Double] = []
  var baseline: [Double] = []
  var parseOnly: [Double] = []
  var toolCount = 0
  for _ in 0..<15 {
    var catalog: Catalog?
    loadTimes.append(time { catalog = CatalogLoader.load(bytes: bytes, file: "synthetic.json").validCatalog })
    guard let catalog else {
      FileHandle.standardError.write(Data("error: the synthetic catalog did not load\n".utf8))
      exit(1)
    }
    toolTimes.append(
      time {
        let document = ToolDialect.mcp.render(ToolDefinitionBuilder(catalog: catalog).tools())
        toolCount = document["tools"]?.arrayValue?.count ?? 0
        _ = JSONWriter.compact(document)
      })
    baseline.append(time { _ = try? JSONSerialization.jsonObject(with: data) })
    parseOnly.append(time { _ = try? JSONParser.parse(bytes: bytes) })
  }
  let load = median(loadTimes)
  let tools = median(toolTimes)
  let base = median(baseline)
  print("catalog benchmark: 3,000 intents, \(bytes.count / 1024) KiB, \(toolCount) tools, median of 15 runs (release build)")
  print(String(format: "  load + validate              %8.1f ms", load))
  print(String(format: "  tool definitions (MCP JSON)  %8.1f ms", tools))
  print(String(format: "  total                        %8.1f ms   (target < 500 ms: %@)", load + tools, load + tools < 500 ? "met" : "NOT met"))
  print(String(format: "  of which JSONParser (ours)    %8.1f ms", median(parseOnly)))
  print(String(format: "  baseline: Foundation JSONSerialization parse of the same bytes %.1f ms", base))
  print(String(format: "  ratios: our parse / baseline = %.2fx; total / baseline = %.1fx", median(parseOnly) / base, (load + tools) / base))
}

let selected = CommandLine.arguments.dropFirst().first ?? "catalog"
switch selected {
case "catalog": benchmarkCatalog()
case "embedding": benchmarkEmbedding()
case "encoder": benchmarkEncoder()
case "rank": benchmarkRank()
case "resolve": benchmarkResolve()
case "mcp": benchmarkMCP()
case "synthetic-tools": writeSyntheticTools()
case "measure-process": measureProcess()
default:
  FileHandle.standardError.write(
    Data("unknown benchmark '\(selected)'; available: catalog, embedding, encoder, rank, resolve, mcp, synthetic-tools, measure-process\n".utf8))
  exit(64)
}
