import IntentBridgeCatalog
import IntentBridgeEngine
import IntentBridgeTestSupport
import Testing

/// The library ranks whatever it is given (the CLI and the server read a window of requests
/// beyond `RequestLimit.windowBytes` first): long requests cost time linear in their length. Before, a one-word
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
    #expect(tooLong.description.contains("at most \(16 << 20) bytes"))
  }

  @Test func aShortRequestIsReadWhole() {
    let window = RequestLimit.window("add a note called milk")
    #expect(window.text == "add a note called milk" && !window.isWindowed && window.notice == nil)
    let edge = String(repeating: "ä", count: RequestLimit.windowBytes / 2)
    #expect(RequestLimit.window(edge).text == edge, "exactly windowBytes is read whole")
  }

  /// A request with pasted text (an 18 KB request of a function-calling benchmark was refused
  /// before) is read on its first and last 4 KiB, cut at spaces and never inside a character.
  @Test func aLongRequestIsReadOnItsStartAndEnd() throws {
    let pasted = String(repeating: "lorem ipsum dolor sit amet ", count: 700)
    let request = "add a note called milk " + pasted + "ä漢字 and pin it"
    let window = RequestLimit.window(request)
    #expect(window.isWindowed)
    #expect(window.text.hasPrefix("add a note called milk "))
    #expect(window.text.hasSuffix("and pin it"))
    #expect(window.text.utf8.count <= RequestLimit.windowBytes + 1)
    let notice = try #require(window.notice)
    #expect(notice.contains("the request is \(request.utf8.count) bytes"))
    // Multi-byte characters at every cut position stay whole.
    for shift in 0..<4 {
      let wide = String(repeating: "x", count: shift) + String(repeating: "漢", count: 6000)
      let text = RequestLimit.window(wide).text
      #expect(!text.contains("\u{FFFD}"), "a cut inside a character at shift \(shift)")
    }
  }

  @Test func theWindowIsRanked() throws {
    let catalog = try #require(CatalogLoader.load(path: Repository.path("Examples/notes/notes.en.json")).validCatalog)
    let engine = IntentEngine(catalog: catalog)
    let request = "add a note called milk " + String(repeating: "zzz ", count: 5000)
    #expect(engine.rank(RequestLimit.window(request).text).best?.intentID == "AddNoteIntent")
  }
}
