/// Why a model folder, a tokenizer or a tensor file could not be loaded.
///
/// Every case names the file and, where it applies, the field (a JSON path such as
/// `model.vocab[12][1]` or `embeddings.data_offsets`), the offending value and what was
/// expected, so the message alone tells what to fix:
///
///     model.safetensors: field 'embeddings.data_offsets' has the value [0, 40000000],
///     but expected an end offset of at most 36370688 (the size of the data section)
///
/// Loading never traps on bad input: truncated files, wrong header lengths, offsets out of
/// range, unknown dtypes and unsupported tokenizer configurations all end here.
package enum EmbeddingError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A file the model needs does not exist.
  case fileNotFound(file: String)
  /// The file exists but reading it failed (permissions, a directory, an I/O error).
  case unreadable(file: String, reason: String)
  /// The file is shorter than its own header says it should be.
  case truncated(file: String, expectedBytes: Int, actualBytes: Int)
  /// A safetensors file whose first 8 bytes give a header length the file cannot hold.
  case invalidHeaderLength(file: String, length: UInt64, fileSize: Int)
  /// A JSON document (tokenizer.json, config.json, a safetensors header) is not valid JSON.
  case malformedJSON(file: String, location: String, message: String)
  /// A required field is absent.
  case missingField(file: String, field: String, expected: String)
  /// A field holds a value of the wrong type, out of range or inconsistent with another field.
  case invalidField(file: String, field: String, value: String, expected: String)
  /// A field names a feature this runtime does not implement.
  case unsupported(file: String, field: String, value: String, supported: [String])

  package var description: String {
    switch self {
    case .fileNotFound(let file):
      return "\(file): file not found; a model folder holds config.json, tokenizer.json and model.safetensors"
    case .unreadable(let file, let reason):
      return "\(file): cannot be read (\(reason))"
    case .truncated(let file, let expected, let actual):
      return "\(file): the file is truncated: its header needs \(expected) bytes but the file has \(actual); copy the file again"
    case .invalidHeaderLength(let file, let length, let fileSize):
      return
        "\(file): the header length in bytes 0–7 is \(length), but the file has only \(fileSize) bytes; this is not a safetensors file or it is damaged"
    case .malformedJSON(let file, let location, let message):
      return "\(file):\(location): invalid JSON: \(message)"
    case .missingField(let file, let field, let expected):
      return "\(file): the field '\(field)' is missing; expected \(expected)"
    case .invalidField(let file, let field, let value, let expected):
      return "\(file): the field '\(field)' has the value \(value), but expected \(expected)"
    case .unsupported(let file, let field, let value, let supported):
      return "\(file): the field '\(field)' has the value \(value), which is not supported; supported: \(supported.joined(separator: ", "))"
    }
  }
}
