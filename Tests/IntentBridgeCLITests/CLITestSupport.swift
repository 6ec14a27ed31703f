import IntentBridgeCLI
import Synchronization

/// Runs the command in-process and collects what it writes.
final class CapturedRun: Sendable {
  private let outText = Mutex("")
  private let errText = Mutex("")

  var out: String { outText.withLock { $0 } }
  var err: String { errText.withLock { $0 } }
  let status: Int32

  init(_ arguments: [String], errIsTerminal: Bool = false) {
    let box = Mutex<(String, String)>(("", ""))
    let console = Console(
      out: { text in box.withLock { $0.0 += text } },
      err: { text in box.withLock { $0.1 += text } }, errIsTerminal: errIsTerminal)
    status = IntentBridgeCommand.main(arguments: arguments, console: console)
    let (o, e) = box.withLock { $0 }
    outText.withLock { $0 = o }
    errText.withLock { $0 = e }
  }
}
