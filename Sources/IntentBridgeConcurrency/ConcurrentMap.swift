import Synchronization

/// `elements.map(transform)`, computed on every core: the elements are cut into contiguous
/// chunks (a few per core, so that uneven costs even out), each chunk is mapped on one of
/// `concurrentIterations`' threads, and the chunks are joined in order. The
/// result is the same array, in the same order, as the serial map; only the wall time
/// differs. For independent, costly steps of a build (ranking pseudo-requests, embedding
/// passages, compiling held-out catalogs); `transform` must not depend on the order in which
/// elements are visited.
///
/// With fewer than `2 × minimumChunk` elements, or one core, it is the serial map.
/// - Complexity: O(n) calls of `transform`, spread over the cores; one lock per chunk.
package func concurrentMap<Element: Sendable, Result: Sendable>(
  _ elements: [Element], minimumChunk: Int = 1, _ transform: @Sendable (Element) -> Result
) -> [Result] {
  // (The core count is read only when there is more than one chunk: a single request's
  // batch of one text costs no lookup of it at start-up.)
  let largest = elements.count / max(1, minimumChunk)
  guard largest > 1, activeCores > 1 else { return elements.map(transform) }
  let chunkCount = min(activeCores * 4, largest)
  let chunkSize = (elements.count + chunkCount - 1) / chunkCount
  let chunks = Mutex<[[Result]?]>(Array(repeating: nil, count: chunkCount))
  withoutActuallyEscaping(transform) { transform in
    concurrentIterations(chunkCount) { chunk in
      let start = chunk * chunkSize
      let end = min(start + chunkSize, elements.count)
      let mapped = start < end ? elements[start..<end].map(transform) : []
      chunks.withLock { $0[chunk] = mapped }
    }
  }
  return chunks.withLock { $0.flatMap { $0! } }
}

/// `transform` applied to consecutive chunks of `chunkSize` elements (the last one shorter),
/// the chunks on every core (`concurrentMap`), their results joined in order: for a map that
/// reuses working state within a chunk (`transform` makes it for its chunk).
package func concurrentMap<Element: Sendable, Result: Sendable>(
  _ elements: [Element], chunkSize: Int, _ transform: @Sendable (ArraySlice<Element>) -> [Result]
) -> [Result] {
  let size = max(1, chunkSize)
  let chunks = stride(from: 0, to: elements.count, by: size).map { elements[$0..<min($0 + size, elements.count)] }
  return concurrentMap(chunks, transform).flatMap { $0 }
}
