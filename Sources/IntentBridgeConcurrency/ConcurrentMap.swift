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
  let cores = activeCores
  let chunkCount = min(cores * 4, elements.count / max(1, minimumChunk))
  guard cores > 1, chunkCount > 1 else { return elements.map(transform) }
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
