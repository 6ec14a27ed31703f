import IntentBridgeBinary

extension CompiledTemplate {
  /// What the templates read back from the index file may refer to: word ids below
  /// `vocabulary`, lexicon indexes below `lexicons`, number ranges below `numberRanges`
  /// (or -1), and subtrees of `nodes` (the catalog's `TemplateNodeTable`).
  struct References {
    var vocabulary: Int
    var lexicons: Int
    var numberRanges: Int
    var nodes: TemplateNodeTable.Decoded = .init()
  }

  /// How deep a stored tree may nest. Compiled templates nest a few levels per level of
  /// their phrase template (`PhraseTemplate.maximumNesting`, rules included); the bound keeps
  /// the recursive walks of alignment within a thread's stack.
  static let maximumDepth = 256

  /// Stored in the index file: the root's index in the catalog's node table, the source,
  /// the summary (`minimumTerms` … `requiredSlots`) and the flat program (node kinds, values,
  /// child counts and ranges as parallel arrays, then the children; each node's children
  /// follow the previous node's, so their starts are not stored); the program's hashes,
  /// steps and prefix keys are derived from it, the
  /// shared prefixes and bound are set by `IntentTemplates`.
  func encode(to writer: inout BinaryWriter, root index: Int) {
    index.encode(to: &writer)
    source.encode(to: &writer)
    minimumTerms.encode(to: &writer)
    minimumWords.encode(to: &writer)
    writer.array(words)
    writer.array(lexicons)
    hasNumberSlot.encode(to: &writer)
    freeTextSlots.encode(to: &writer)
    writer.array(requiredWords)
    writer.u64(UInt64(requiredSlots.count))
    for slot in requiredSlots {
      switch slot {
      case .value(let lexicon):
        writer.u8(0)
        lexicon.encode(to: &writer)
      case .number(let lexicon):
        writer.u8(1)
        lexicon.encode(to: &writer)
      }
    }
    writer.array(flat.nodes.map(\.kind.rawValue))
    writer.array(flat.nodes.map(\.value))
    writer.array(flat.nodes.map(\.childCount))
    writer.array(flat.nodes.map(\.range))
    writer.array(flat.children)
  }

  /// Reads what `encode` wrote, checking every reference against `references`: the root
  /// names a table entry whose tree has as many nodes as the flat program; word ids, lexicon
  /// indexes and ranges are in bounds; the summary's counts lie within the program's size;
  /// the program's children precede their parent (so evaluating it ends), lie within the
  /// children array, and an optional part has exactly one.
  init(from reader: inout BinaryReader, references: References) throws(BinaryReader.Failure) {
    let rootIndex = try reader.index("template root", below: references.nodes.nodes.count)
    let source = try String(from: &reader)
    let minimumTerms = try Int(from: &reader)
    let minimumWords = try Int(from: &reader)
    let words = try reader.values(of: Int32.self, "template words")
    let lexicons = try reader.values(of: Int.self, "template lexicons")
    let hasNumberSlot = try Bool(from: &reader)
    let freeTextSlots = try Int(from: &reader)
    let requiredWords = try reader.values(of: Int32.self, "template required words")
    var requiredSlots: [RequiredSlot] = []
    for _ in 0..<(try reader.elementCount("required slots", minimumBytes: 2)) {
      switch try reader.u8("required slot tag") {
      case 0: requiredSlots.append(.value(lexicon: try reader.index("required slot lexicon", below: references.lexicons)))
      case 1:
        let lexicon = try reader.bool("required number lexicon flag") ? try reader.index("required slot lexicon", below: references.lexicons) : nil
        requiredSlots.append(.number(lexicon: lexicon))
      default: throw BinaryReader.Failure(message: "required slot tag is unknown")
      }
    }
    let flat = try FlatProgram(from: &reader, references: references)
    let size = flat.nodes.count
    guard references.nodes.sizes[rootIndex] == size else {
      throw BinaryReader.Failure(message: "template \"\(source)\": tree of \(references.nodes.sizes[rootIndex]) nodes, program of \(size)")
    }
    guard (0...size).contains(minimumTerms), (0...size).contains(minimumWords), (0...size).contains(freeTextSlots) else {
      throw BinaryReader.Failure(message: "template \"\(source)\": term, word or free-text counts beyond its \(size) nodes")
    }
    guard words.allSatisfy({ $0 >= 0 && Int($0) < references.vocabulary }), requiredWords.allSatisfy({ $0 >= 0 && Int($0) < references.vocabulary })
    else { throw BinaryReader.Failure(message: "template \"\(source)\": a word id is not below \(references.vocabulary)") }
    guard lexicons.allSatisfy({ (0..<references.lexicons).contains($0) }) else {
      throw BinaryReader.Failure(message: "template \"\(source)\": a lexicon index is not below \(references.lexicons)")
    }
    self.root = references.nodes.nodes[rootIndex]
    self.source = source
    self.minimumTerms = minimumTerms
    self.minimumWords = minimumWords
    self.words = words
    self.lexicons = lexicons
    self.hasNumberSlot = hasNumberSlot
    self.freeTextSlots = freeTextSlots
    self.requiredWords = requiredWords
    self.requiredSlots = requiredSlots
    self.flat = flat
  }
}

extension FlatProgram {
  /// Reads the arrays `CompiledTemplate.encode` wrote (see its checks) and derives the
  /// hashes, steps and prefix keys as `init(_:)` does.
  init(from reader: inout BinaryReader, references: CompiledTemplate.References) throws(BinaryReader.Failure) {
    let kinds = try reader.values(of: UInt8.self, "program kinds")
    let values = try reader.values(of: Int32.self, "program values")
    let counts = try reader.values(of: Int32.self, "program child counts")
    let ranges = try reader.values(of: Int32.self, "program ranges")
    let children = try reader.values(of: Int32.self, "program children")
    let n = kinds.count
    guard n > 0, values.count == n, counts.count == n, ranges.count == n else {
      throw BinaryReader.Failure(message: "program arrays are empty or of different lengths")
    }
    // One pass with the arrays allocated up front (no per-node slices or appends): children
    // are written as their parent is (`append`), so each node's follow the previous one's.
    var nodes = [Node](repeating: Node(kind: .term, value: 0, childStart: 0, childCount: 0), count: n)
    var hashes = [UInt64](repeating: 0, count: n)
    var start = 0
    for i in 0..<n {
      guard let kind = Kind(rawValue: kinds[i]) else { throw BinaryReader.Failure(message: "program node kind \(kinds[i]) is unknown") }
      let count = Int(counts[i])
      guard count >= 0, count <= children.count - start else {
        throw BinaryReader.Failure(message: "program node \(i): children out of bounds")
      }
      for k in start..<(start + count) where children[k] < 0 || Int(children[k]) >= i {
        throw BinaryReader.Failure(message: "program node \(i): child \(children[k]) is not before it")
      }
      let node = Node(kind: kind, value: values[i], childStart: Int32(start), childCount: Int32(count), range: ranges[i])
      let valid: Bool
      switch kind {
      case .term: valid = node.value >= 0 && Int(node.value) < references.vocabulary && count == 0
      case .valueSlot: valid = node.value >= 0 && Int(node.value) < references.lexicons && count == 0
      case .numberSlot:
        valid =
          node.value >= -1 && Int(node.value) < references.lexicons && node.range >= -1 && Int(node.range) < references.numberRanges
          && count == 0
      case .freeTextSlot: valid = count == 0
      case .sequence, .alternatives: valid = true
      case .optional: valid = count == 1
      }
      guard valid else { throw BinaryReader.Failure(message: "program node \(i) (\(kind)): word, lexicon, range or child count out of bounds") }
      nodes[i] = node
      hashes[i] = Self.hash(node) { hashes[Int(children[start + $0])] }
      start += count
    }
    guard start == children.count else { throw BinaryReader.Failure(message: "program children beyond its nodes' \(start)") }
    self.nodes = nodes
    self.children = children
    self.root = Int32(n - 1)
    deriveSteps(hashes: hashes)
  }
}

/// The distinct subtrees of a catalog's templates, each stored once (templates share the
/// rules they inline): an entry's children are indexes of earlier entries. Decoding builds
/// each entry once, so the templates share subtrees again instead of each holding a copy.
struct TemplateNodeTable {
  private struct Key: Hashable {
    var tag: UInt8
    var word: Int32 = 0
    var name: String = ""
    var kind: CompiledTemplate.SlotKind? = nil
    var children: [Int] = []
  }

  /// A sequence's or alternatives' child array by the address of its storage: the templates
  /// share the subtrees of the rules they inline (`CompiledRuleCache`), and a shared array is
  /// entered once, without walking it again. (The arrays live while the table is built, so an
  /// address names one array.)
  private struct Shared: Hashable {
    var tag: UInt8
    var address: UInt
  }

  private var index: [Key: Int] = [:]
  private var keys: [Key] = []
  private var shared: [Shared: Int] = [:]

  /// The entry of `node` (added with its subtrees when new).
  mutating func add(_ node: CompiledTemplate.Node) -> Int {
    let key: Key
    switch node {
    case .term(let id): key = Key(tag: 0, word: id)
    case .slot(let name, let kind): key = Key(tag: 1, name: name, kind: kind)
    case .sequence(let nodes), .alternatives(let nodes):
      let tag: UInt8 = if case .sequence = node { 2 } else { 3 }
      let address = Shared(tag: tag, address: nodes.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) })
      if nodes.count > 1, let known = shared[address] { return known }
      key = Key(tag: tag, children: nodes.map { add($0) })
      let entry = entry(key)
      if nodes.count > 1 { shared[address] = entry }
      return entry
    case .optional(let inner): key = Key(tag: 4, children: [add(inner)])
    }
    return entry(key)
  }

  private mutating func entry(_ key: Key) -> Int {
    if let known = index[key] { return known }
    keys.append(key)
    index[key] = keys.count - 1
    return keys.count - 1
  }

  /// A count, then per entry a tag byte (0 term, 1 slot, 2 sequence, 3 alternatives,
  /// 4 optional) and the word id, the slot's name and kind, or the children's indexes.
  func encode(to writer: inout BinaryWriter) {
    writer.u64(UInt64(keys.count))
    for key in keys {
      writer.u8(key.tag)
      switch key.tag {
      case 0: writer.i32(key.word)
      case 1:
        key.name.encode(to: &writer)
        key.kind?.encode(to: &writer)
      case 4: key.children[0].encode(to: &writer)
      default:
        writer.u64(UInt64(key.children.count))
        for child in key.children { child.encode(to: &writer) }
      }
    }
  }

  /// The entries read back, with each one's tree size (nodes, saturating) and depth.
  struct Decoded {
    var nodes: [CompiledTemplate.Node] = []
    var sizes: [Int] = []
  }

  /// Reads what `encode` wrote: children must name earlier entries, words, lexicons and
  /// ranges lie in bounds, and no tree nests deeper than `CompiledTemplate.maximumDepth`.
  static func decode(from reader: inout BinaryReader, references: CompiledTemplate.References) throws(BinaryReader.Failure) -> Decoded {
    let count = try reader.elementCount("template nodes", minimumBytes: 5)
    var decoded = Decoded()
    decoded.nodes.reserveCapacity(count)
    decoded.sizes.reserveCapacity(count)
    var depths: [Int] = []
    depths.reserveCapacity(count)
    for i in 0..<count {
      let tag = try reader.u8("template node tag")
      var size = 1
      var depth = 1
      func child() throws(BinaryReader.Failure) -> CompiledTemplate.Node {
        let k = try reader.index("template node child", below: i)
        size = min(Int(Int32.max), size + decoded.sizes[k])
        depth = max(depth, depths[k] + 1)
        return decoded.nodes[k]
      }
      let node: CompiledTemplate.Node
      switch tag {
      case 0:
        let id = try reader.i32("template word id")
        guard id >= 0, Int(id) < references.vocabulary else {
          throw BinaryReader.Failure(message: "template word id \(id) is not below the vocabulary's \(references.vocabulary) words")
        }
        node = .term(id)
      case 1:
        let name = try String(from: &reader)
        node = .slot(name: name, kind: try CompiledTemplate.SlotKind(from: &reader, references: references))
      case 2, 3:
        let children = try reader.elementCount("template children", minimumBytes: 8)
        var nodes: [CompiledTemplate.Node] = []
        nodes.reserveCapacity(children)
        for _ in 0..<children { nodes.append(try child()) }
        node = tag == 2 ? .sequence(nodes) : .alternatives(nodes)
      case 4:
        node = .optional(try child())
      default:
        throw BinaryReader.Failure(message: "template node tag \(tag) is unknown")
      }
      guard depth <= CompiledTemplate.maximumDepth else {
        throw BinaryReader.Failure(message: "template tree nests deeper than \(CompiledTemplate.maximumDepth) levels")
      }
      decoded.nodes.append(node)
      decoded.sizes.append(size)
      depths.append(depth)
    }
    return decoded
  }
}

extension CompiledTemplate.SlotKind {
  /// A tag byte (0 value, 1 number, 2 free text), then the lexicon index (an optional one and
  /// the range index for numbers).
  func encode(to writer: inout BinaryWriter) {
    switch self {
    case .value(let lexicon):
      writer.u8(0)
      lexicon.encode(to: &writer)
    case .number(let lexicon, let range):
      writer.u8(1)
      lexicon.encode(to: &writer)
      writer.i32(range)
    case .freeText:
      writer.u8(2)
    }
  }

  init(from reader: inout BinaryReader, references: CompiledTemplate.References) throws(BinaryReader.Failure) {
    let tag = try reader.u8("slot kind tag")
    switch tag {
    case 0:
      self = .value(lexicon: try reader.index("value slot lexicon", below: references.lexicons))
    case 1:
      let lexicon = try reader.bool("number slot lexicon flag") ? try reader.index("number slot lexicon", below: references.lexicons) : nil
      let range = try reader.i32("number slot range")
      guard range >= -1, Int(range) < references.numberRanges else {
        throw BinaryReader.Failure(message: "number slot range \(range) is neither -1 nor below \(references.numberRanges)")
      }
      self = .number(lexicon: lexicon, range: range)
    case 2:
      self = .freeText
    default:
      throw BinaryReader.Failure(message: "slot kind tag \(tag) is unknown")
    }
  }
}
