import Dispatch
import IntentBridgeJSON
import Synchronization

/// What the reader thread of an `UpstreamConnection` hands to the request waiting for an
/// answer, in order: messages, lines that are none, and the end of the server's output.
///
///     inbox.post(.message(object))                     // reader thread
///     inbox.next(until: .now() + 30)                   // waiting request: the event, nil on time-out
final class UpstreamInbox: Sendable {
  enum Event: Sendable, Equatable {
    case message(JSONObject)
    case invalid(String)
    /// The server's standard output ended; stays the last event for every later wait.
    case end
  }

  private let events = Mutex<[Event]>([])
  private let available = DispatchSemaphore(value: 0)

  func post(_ event: Event) {
    events.withLock { $0.append(event) }
    available.signal()
  }

  /// The next event, waiting until `deadline`; nil when none came in time.
  func next(until deadline: DispatchTime) -> Event? {
    guard available.wait(timeout: deadline) == .success else { return nil }
    return events.withLock { events in
      let first = events[0]
      if first == .end {
        // Kept for the next wait: the end is final.
        available.signal()
      } else {
        events.removeFirst()
      }
      return first
    }
  }
}
