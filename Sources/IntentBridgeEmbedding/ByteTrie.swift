import IntentBridgeBinary

/// An immutable trie over UTF-8 byte strings, stored as flat sorted arrays.
///
/// Tokenizers walk it byte by byte from a position in the text, so finding every vocabulary
/// piece that starts there costs one step per byte and allocates nothing (no `String` per
/// candidate). Layout: node 0 is the root, whose children sit in a direct 256-entry table;
/// every other node's outgoing edges are a contiguous run of `edgeLabels`, sorted by label
/// (compressed sparse rows), searched linearly when short and by bisection when long. Nodes are
/// numbered breadth-first in edge order, so edge e leads to node e + 1 (no target array).
/// `values[node]` is the id of the key ending at that node, or -1. The arrays are `FlatArray`s:
/// built here from keys, or read in place from a compiled tokenizer file.
///
///     let trie = ByteTrie(keys: [Array("ab".utf8), Array("abc".utf8)], ids: [7, 9])
///     var node = trie.root
///     for byte in "abc".utf8 { node = trie.child(of: node, byte) }   // value 9
///
/// - Complexity: building is O(k log k) comparisons for k keys plus O(total bytes); a step is
///   O(1) at the root and O(log d) below it for a node with d children.
struct ByteTrie: Sendable {
  static let none: Int32 = -1
  let root: Int32 = 0
  let rootChildren: FlatArray<Int32>
  /// Node n's edges are `edgeLabels[edgeStart[n]..<edgeStart[n + 1]]` (nodeCount + 1 entries).
  let edgeStart: FlatArray<Int32>
  let edgeLabels: FlatArray<UInt8>
  /// The id of the key that ends at each node, or -1.
  let values: FlatArray<Int32>

  var nodeCount: Int { values.count }

  /// Builds the trie; `ids[i]` is stored for `keys[i]` (byte arrays, or strings' `utf8` views,
  /// which are read without copying each key). Empty keys (and keys without an id) are ignored. When a key
  /// appears twice, the later id wins (as in the tokenizers library's token → id map).
  init<Key: Collection<UInt8>>(keys: [Key], ids: [Int32]) {
    // Flatten the keys so sorting and building compare bytes in one buffer (no array
    // retain/release per comparison).
    var bytes: [UInt8] = []
    var starts: [Int] = [0]
    var keyIDs: [Int32] = []
    bytes.reserveCapacity(keys.reduce(0) { $0 + $1.count })
    for (key, id) in zip(keys, ids) where !key.isEmpty {
      bytes.append(contentsOf: key)
      starts.append(bytes.count)
      keyIDs.append(id)
    }
    let count = keyIDs.count
    // Sort by the first 8 bytes packed big-endian into one integer (0-padded: a key that ends
    // sorts before its extensions), comparing the rest of the bytes only on equal prefixes.
    var prefixes = [UInt64](repeating: 0, count: count)
    bytes.withUnsafeBufferPointer { b in
      for k in 0..<count {
        var packed: UInt64 = 0
        let start = starts[k]
        let end = min(starts[k + 1], start + 8)
        for i in start..<end { packed |= UInt64(b[i]) << (8 * UInt64(7 - (i - start))) }
        prefixes[k] = packed
      }
    }
    var order = Array(0..<count)
    bytes.withUnsafeBufferPointer { b in
      starts.withUnsafeBufferPointer { s in
        prefixes.withUnsafeBufferPointer { p in
          order.sort { x, y in
            if p[x] != p[y] { return p[x] < p[y] }
            let xs = s[x]
            let xe = s[x + 1]
            let ys = s[y]
            let ye = s[y + 1]
            let n = min(xe - xs, ye - ys)
            var i = min(8, n)
            while i < n {
              let c = b[xs + i]
              let d = b[ys + i]
              if c != d { return c < d }
              i += 1
            }
            return xe - xs != ye - ys ? xe - xs < ye - ys : x < y
          }
        }
      }
    }
    func length(_ k: Int) -> Int { starts[order[k] + 1] - starts[order[k]] }
    func byte(_ k: Int, _ depth: Int) -> UInt8 { bytes[starts[order[k]] + depth] }

    // Breadth-first over ranges of sorted keys sharing a prefix: node n covers order[lo..<hi]
    // at depth d. Children are appended in label order, so each node's edges are contiguous.
    var nodeLo: [Int32] = [0]
    var nodeHi: [Int32] = [Int32(count)]
    var nodeDepth: [Int32] = [0]
    var values: [Int32] = []
    var edgeStart: [Int32] = []
    var edgeLabels: [UInt8] = []
    var node = 0
    while node < nodeLo.count {
      var lo = Int(nodeLo[node])
      let hi = Int(nodeHi[node])
      let depth = Int(nodeDepth[node])
      edgeStart.append(Int32(edgeLabels.count))
      var value = Self.none
      while lo < hi, length(lo) == depth {
        value = keyIDs[order[lo]]  // duplicates are adjacent, in input order: the last wins
        lo += 1
      }
      values.append(value)
      while lo < hi {
        let label = byte(lo, depth)
        var end = lo + 1
        while end < hi, byte(end, depth) == label { end += 1 }
        edgeLabels.append(label)  // leads to node nodeLo.count == edgeLabels.count
        nodeLo.append(Int32(lo))
        nodeHi.append(Int32(end))
        nodeDepth.append(Int32(depth + 1))
        lo = end
      }
      node += 1
    }
    edgeStart.append(Int32(edgeLabels.count))
    var rootChildren = [Int32](repeating: Self.none, count: 256)
    for edge in Int(edgeStart[0])..<Int(edgeStart[1]) {
      rootChildren[Int(edgeLabels[edge])] = Int32(edge + 1)
    }
    self.rootChildren = FlatArray(rootChildren)
    self.edgeStart = FlatArray(edgeStart)
    self.edgeLabels = FlatArray(edgeLabels)
    self.values = FlatArray(values)
  }

  /// A trie over arrays read from a compiled file, checked so that no walk can leave them.
  /// - Throws: a description of the first inconsistency (the caller names the file).
  init(
    rootChildren: FlatArray<Int32>, edgeStart: FlatArray<Int32>, edgeLabels: FlatArray<UInt8>, values: FlatArray<Int32>,
    idLimit: Int
  ) throws(TrieLayoutError) {
    let nodes = values.count
    guard nodes >= 1, rootChildren.count == 256, edgeStart.count == nodes + 1, edgeLabels.count == nodes - 1 else {
      throw TrieLayoutError(message: "array sizes do not fit \(nodes) nodes")
    }
    guard edgeStart[0] == 0, Int(edgeStart[nodes]) == edgeLabels.count else {
      throw TrieLayoutError(message: "edge offsets do not span the edges")
    }
    let starts = edgeStart.buffer
    let ids = values.buffer  // the arrays outlive this scope
    for n in 0..<nodes where starts[n] > starts[n + 1] {
      throw TrieLayoutError(message: "edge offsets decrease at node \(n)")
    }
    for n in 0..<nodes where ids[n] < -1 || Int(ids[n]) >= idLimit {
      throw TrieLayoutError(message: "node \(n) holds id \(ids[n]), not below \(idLimit)")
    }
    for byte in 0..<256 where rootChildren[byte] < -1 || Int(rootChildren[byte]) >= nodes {
      throw TrieLayoutError(message: "the root's child for byte \(byte) is not a node")
    }
    self.rootChildren = rootChildren
    self.edgeStart = edgeStart
    self.edgeLabels = edgeLabels
    self.values = values
  }

  /// Why trie arrays read from a file were refused.
  struct TrieLayoutError: Error {
    let message: String
  }

  /// The child of `node` along `byte`, or -1.
  @inline(__always)
  func child(of node: Int32, _ byte: UInt8) -> Int32 {
    if node == 0 { return rootChildren[Int(byte)] }
    var lo = Int(edgeStart[Int(node)])
    var hi = Int(edgeStart[Int(node) + 1])
    if hi - lo <= 8 {
      while lo < hi {
        let label = edgeLabels[lo]
        if label == byte { return Int32(lo + 1) }
        if label > byte { return Self.none }
        lo += 1
      }
      return Self.none
    }
    while lo < hi {
      let mid = (lo + hi) >> 1
      let label = edgeLabels[mid]
      if label == byte { return Int32(mid + 1) }
      if label < byte { lo = mid + 1 } else { hi = mid }
    }
    return Self.none
  }

  /// The node reached from `node` along `bytes`, or -1.
  func walk<Bytes: Sequence<UInt8>>(from node: Int32 = 0, _ bytes: Bytes) -> Int32 {
    var current = node
    for byte in bytes {
      current = child(of: current, byte)
      if current < 0 { return Self.none }
    }
    return current
  }

  /// The id stored for exactly `bytes`, or nil.
  func lookup<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> Int32? {
    let node = walk(bytes)
    guard node >= 0, values[Int(node)] >= 0 else { return nil }
    return values[Int(node)]
  }
}
