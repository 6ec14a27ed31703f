import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeTestSupport
import Testing

/// The library ranks whatever it is given (the CLI and the server refuse requests beyond
/// `RequestLimit` first): long requests cost time linear in their length. Before, a one-word
/// request of 64k letters took 2 s and one of 1 MB about 7.5 minutes (release build).
@Suite struct LongRequestTests {
  @Test func aMegabyteRequestOfOneWordIsRankedAndResolved() async throws {
    let catalog = try #require(CatalogLoader.load(path: Repository.path("Examples/notes/notes.en.json")).validCatalog)
    let engine = IntentEngine(catalog: catalog)
    let word = String(repeating: "x", count: 1 << 20)
    let resolution = await withinHangGuard { engine.resolve(word) }
    #expect(try #require(resolution, "a 1 MiB word was not resolved within the guard").intentID == nil)
    let request = "add a note called milk " + String(repeating: "y", count: 1 << 19)
    #expect(await withinHangGuard { engine.rank(request).best?.intentID } != nil, "a long request is still ranked within the guard")
  }

  @Test func theLimitNamesItsLengthAndBound() throws {
    #expect(RequestLimit.check(String(repeating: "a", count: RequestLimit.maximumBytes)) == nil)
    let tooLong = try #require(RequestLimit.check(String(repeating: "ä", count: RequestLimit.maximumBytes / 2 + 1)))
    #expect(tooLong.bytes == RequestLimit.maximumBytes + 2, "bytes of UTF-8, not characters")
    #expect(tooLong.description.contains("at most 8192 bytes"))
  }
}
