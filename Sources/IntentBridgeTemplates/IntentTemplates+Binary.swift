import IntentBridgeBinary
import IntentBridgeText

extension IntentTemplates {
  /// Stored in the index file: the matcher (lexicons, vocabulary, typo vocabularies), the
  /// distinct subtrees of all templates (`TemplateNodeTable`), every intent's templates
  /// (root entry, source, summary, flat program), the lexicon index per type, and per intent
  /// the lexicons and direction strings of its parameters. What is cheap to derive is
  /// rebuilt by `init(from:analyzer:)` as compiling builds it: the programs' hashes and prefix
  /// keys, the prefixes an intent's templates share, the bounds and per-intent signatures,
  /// the first-term and stop-word tables, the compound parts and `isEmpty`.
  package func encode(to writer: inout BinaryWriter) {
    matcher.encode(to: &writer)
    var table = TemplateNodeTable()
    let roots = templates.map { $0.map { table.add($0.root) } }
    table.encode(to: &writer)
    writer.u64(UInt64(templates.count))
    for (intent, roots) in zip(templates, roots) {
      writer.u64(UInt64(intent.count))
      for (template, root) in zip(intent, roots) { template.encode(to: &writer, root: root) }
    }
    typeLexicons.encode(to: &writer)
    parameterLexicons.encode(to: &writer)
    writer.u64(UInt64(parameterDirections.count))
    for parameters in parameterDirections {
      writer.u64(UInt64(parameters.count))
      for name in parameters.keys.sorted() {
        name.encode(to: &writer)
        let directions = parameters[name] ?? [:]
        writer.u64(UInt64(directions.count))
        for direction in directions.keys.sorted(by: { $0.rawValue < $1.rawValue }) {
          direction.encode(to: &writer)
          (directions[direction] ?? "").encode(to: &writer)
        }
      }
    }
  }

  /// Reads what `encode` wrote. `analyzer`: the catalog's analyser (the caller rebuilds it;
  /// it is not stored). Checks every reference: template word ids against the vocabulary,
  /// lexicon indexes (of slots, types and parameters) against the lexicons, number ranges
  /// against the ranges, tree depth against `CompiledTemplate.maximumDepth`, and one entry of
  /// parameter lexicons and directions per intent.
  /// - Complexity: O(bytes) reading, plus what `init(root:source:)` derives per template.
  package init(from reader: inout BinaryReader, analyzer: TextAnalyzer) throws(BinaryReader.Failure) {
    let matcher = try TemplateMatcher(from: &reader)
    var references = CompiledTemplate.References(
      vocabulary: matcher.vocabulary.count, lexicons: matcher.lexicons.count, numberRanges: matcher.numberRanges.count)
    references.nodes = try TemplateNodeTable.decode(from: &reader, references: references)
    let intentCount = try reader.elementCount("intents", minimumBytes: 8)
    var templates: [[CompiledTemplate]] = []
    templates.reserveCapacity(intentCount)
    for _ in 0..<intentCount {
      let count = try reader.elementCount("templates", minimumBytes: 16)
      var compiled: [CompiledTemplate] = []
      compiled.reserveCapacity(count)
      for _ in 0..<count { compiled.append(try CompiledTemplate(from: &reader, references: references)) }
      templates.append(compiled)
    }
    let typeLexicons = try [String: Int](from: &reader)
    let parameterLexicons = try [[String: Int]](from: &reader)
    guard parameterLexicons.count == intentCount else {
      throw BinaryReader.Failure(message: "parameter lexicons for \(parameterLexicons.count) intents, not \(intentCount)")
    }
    for lexicons in [typeLexicons] + parameterLexicons {
      for (key, index) in lexicons where !(0..<references.lexicons).contains(index) {
        throw BinaryReader.Failure(message: "lexicon index \(index) of \(key) is not below \(references.lexicons)")
      }
    }
    let directionCount = try reader.elementCount("parameter directions", minimumBytes: 8)
    guard directionCount == intentCount else {
      throw BinaryReader.Failure(message: "parameter directions for \(directionCount) intents, not \(intentCount)")
    }
    var parameterDirections: [[String: [ChangeDirection: String]]] = []
    parameterDirections.reserveCapacity(directionCount)
    for _ in 0..<directionCount {
      var parameters: [String: [ChangeDirection: String]] = [:]
      for _ in 0..<(try reader.elementCount("parameters with directions", minimumBytes: 12)) {
        let name = try String(from: &reader)
        var directions: [ChangeDirection: String] = [:]
        for _ in 0..<(try reader.elementCount("directions", minimumBytes: 8)) {
          let direction = try ChangeDirection(from: &reader)
          guard directions.updateValue(try String(from: &reader), forKey: direction) == nil else {
            throw BinaryReader.Failure(message: "parameter \(name) names direction \(direction) twice")
          }
        }
        guard parameters.updateValue(directions, forKey: name) == nil else {
          throw BinaryReader.Failure(message: "parameter \(name) has directions twice")
        }
      }
      parameterDirections.append(parameters)
    }
    self.init(
      matcher: matcher, templates: templates, analyzer: analyzer, typeLexicons: typeLexicons, parameterLexicons: parameterLexicons,
      parameterDirections: parameterDirections)
  }
}
