import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `intentbridge-bench measure-process RESULT_FILE PROGRAM [ARGUMENT...]`: runs PROGRAM once
/// (stdin, stdout and stderr inherited) and writes one JSON object to RESULT_FILE:
/// `{"status": exit status, "wall_ms": spawn-to-reap wall time, "peak_rss_kib": the child's
/// ru_maxrss, "launcher_rss_kib": this launcher's own peak RSS when it spawned}`.
///
/// Why a launcher: on Linux a process's `ru_maxrss` includes the peak of the address space it
/// replaced at `exec`, and a child spawned by a large parent (the Python harness, with hassil
/// loaded) starts from the parent's: its figure is never below the parent's peak. Spawned from
/// this small process instead, the floor is `launcher_rss_kib`, which the result reports so that
/// a figure at the floor is recognisable.
func measureProcess() {
  let arguments = Array(CommandLine.arguments.dropFirst(2))
  guard arguments.count >= 2 else {
    FileHandle.standardError.write(Data("usage: intentbridge-bench measure-process RESULT_FILE PROGRAM [ARGUMENT...]\n".utf8))
    exit(64)
  }
  let resultPath = arguments[0]
  let command = Array(arguments.dropFirst())
  let launcherPeak = ownPeakResidentKiB()
  var argv: [UnsafeMutablePointer<CChar>?] = command.map { strdup($0) } + [nil]
  defer { for pointer in argv { free(pointer) } }
  var childID: pid_t = 0
  let start = DispatchTime.now().uptimeNanoseconds
  let spawned = posix_spawnp(&childID, command[0], nil, nil, &argv, environ)
  guard spawned == 0 else {
    FileHandle.standardError.write(Data("measure-process: cannot run \(command[0]): \(String(cString: strerror(spawned)))\n".utf8))
    exit(69)
  }
  var status: Int32 = 0
  var usage = rusage()
  while wait4(childID, &status, 0, &usage) == -1 && errno == EINTR {}
  let wallMilliseconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
  let exitStatus = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  let result =
    "{\"status\": \(exitStatus), \"wall_ms\": \(wallMilliseconds), \"peak_rss_kib\": \(usage.ru_maxrss), \"launcher_rss_kib\": \(launcherPeak)}\n"
  guard FileManager.default.createFile(atPath: resultPath, contents: Data(result.utf8)) else {
    FileHandle.standardError.write(Data("measure-process: cannot write \(resultPath)\n".utf8))
    exit(73)
  }
  exit(exitStatus)
}

/// This process's peak resident set size in KiB (`VmHWM` of /proc/self/status; `ru_maxrss`
/// where there is no /proc).
private func ownPeakResidentKiB() -> Int {
  if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
    let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
    let value = Int(line.split(separator: " ").dropFirst().first ?? "")
  {
    return value
  }
  var usage = rusage()
  #if canImport(Glibc)
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
  #else
    getrusage(RUSAGE_SELF, &usage)
  #endif
  return usage.ru_maxrss
}
