#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  @preconcurrency import Glibc
#elseif canImport(Musl)
  @preconcurrency import Musl
#endif

/// A shared library loaded at run time (`dlopen`), and its symbols (`dlsym`); for code that
/// must not link a library it only sometimes needs (libcurl), or calls functions Swift's
/// C module does not declare.
///
///     let library = try DynamicLibrary.open("libcurl.so.4")
///     let address = library.symbol("curl_easy_init")      // nil when it lacks it
///
/// A library opened here is never closed (its functions may be called until the process
/// ends), which is also why a value may be shared between threads.
package struct DynamicLibrary: @unchecked Sendable {
  // @unchecked: an opaque handle that is never closed and that dlsym accepts from any thread.
  private let handle: UnsafeMutableRawPointer

  /// Why a library could not be opened: the loader's message (`dlerror`), else a sentence
  /// naming the library.
  package struct OpenError: Error, Sendable, CustomStringConvertible {
    package let description: String
  }

  /// Opens the library `name` (a file name the loader searches for, or a path), resolving
  /// all its symbols now and keeping them out of the global namespace (`RTLD_NOW | RTLD_LOCAL`).
  package static func open(_ name: String) throws(OpenError) -> DynamicLibrary {
    guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
      throw OpenError(description: dlerror().map { String(cString: $0) } ?? "\(name): cannot be opened")
    }
    return DynamicLibrary(handle: handle)
  }

  /// The address of `symbol` in this library, nil when it has none.
  package func symbol(_ symbol: String) -> UnsafeMutableRawPointer? {
    dlsym(handle, symbol)
  }

  /// The address of `symbol` wherever it is already loaded in the process (`RTLD_DEFAULT`),
  /// nil when no loaded library has it: for functions of the C library that Swift's module
  /// of it leaves out, looked up instead of assumed.
  package static func processSymbol(_ symbol: String) -> UnsafeMutableRawPointer? {
    #if canImport(Darwin)
      // RTLD_DEFAULT is ((void *) -2) on Apple platforms.
      dlsym(UnsafeMutableRawPointer(bitPattern: -2), symbol)
    #else
      // RTLD_DEFAULT is ((void *) 0) in glibc and musl.
      dlsym(UnsafeMutableRawPointer(bitPattern: 0), symbol)
    #endif
  }
}
