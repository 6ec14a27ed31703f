import Dispatch

/// A one-line progress indicator on standard error for long runs: drawn only when standard
/// error is a terminal (silent when piped or in CI), redrawn at most ten times a second, and
/// not before `delay` seconds have passed since it was made (a short run draws nothing).
final class ProgressIndicator: @unchecked Sendable {
  private let console: Console
  private var label: String
  private let started = DispatchTime.now().uptimeNanoseconds
  private let delay: UInt64
  private var lastDraw: UInt64 = 0
  private var drawn = false

  init(console: Console, label: String, delaySeconds: Double = 0) {
    self.console = console
    self.label = label
    delay = UInt64(max(0, delaySeconds) * 1e9)
  }

  /// `update` under another label (a later step of the same run).
  func update(_ done: Int, of total: Int, label: String) {
    self.label = label
    update(done, of: total)
  }

  func update(_ done: Int, of total: Int) {
    guard console.errIsTerminal, total > 0 else { return }
    let now = DispatchTime.now().uptimeNanoseconds
    guard now - started >= delay else { return }
    guard done == total || now - lastDraw >= 100_000_000 else { return }
    lastDraw = now
    drawn = true
    let percent = done * 100 / total
    console.err("\r\(label) \(done)/\(total) (\(percent)%)\u{1B}[K")
  }

  /// Clears the line (call before printing results).
  func finish() {
    guard drawn else { return }
    console.err("\r\u{1B}[K")
  }
}
