import IntentBridgeBinary
import IntentBridgeText

/// Every setting, in declaration order; doubles as their bit patterns.
extension KeywordIndex.Configuration: BinaryCodable {
  package func encode(to writer: inout BinaryWriter) {
    fieldWeights.encode(to: &writer)
    b.encode(to: &writer)
    k1.encode(to: &writer)
    fuzzyWeight.encode(to: &writer)
    functionWordWeight.encode(to: &writer)
  }

  package init(from reader: inout BinaryReader) throws(BinaryReader.Failure) {
    self.init()
    fieldWeights = try [Double](from: &reader)
    b = try Double(from: &reader)
    k1 = try Double(from: &reader)
    fuzzyWeight = try Double(from: &reader)
    functionWordWeight = try Double(from: &reader)
  }
}

/// Stored in the index file: the configuration, the document count, the index terms in
/// ascending order, then every term's postings as flat arrays (per term its number of field
/// postings and of documents; the field postings' documents, fields and frequencies; the
/// documents and their pseudo frequencies; the idf per term), then the fuzzy vocabulary of the
/// terms, the fuzzy vocabulary of the catalog's written words and, per written word, the number
/// of its term.
/// Floating-point values are stored as their bit patterns, so a read-back index scores
/// bit-identically. The vocabulary set is rebuilt from the terms; the analyser is not stored.
extension KeywordIndex {
  /// The most documents a stored index may claim (every request allocates a score per
  /// document, so a crafted count must not ask for gigabytes).
  static let maximumStoredDocuments = 1 << 20

  package func encode(to writer: inout BinaryWriter) {
    configuration.encode(to: &writer)
    documentCount.encode(to: &writer)
    let terms = postings.keys.sorted()
    terms.encode(to: &writer)
    let entries = terms.map { postings[$0].unsafelyUnwrapped }
    writer.array(entries.map { UInt32($0.fields.count) })
    writer.array(entries.map { UInt32($0.documents.count) })
    writer.array(entries.flatMap { $0.fields.map(\.document) })
    writer.array(entries.flatMap { $0.fields.map(\.field) })
    writer.array(entries.flatMap { $0.fields.map(\.frequency.bitPattern) })
    writer.array(entries.flatMap(\.documents))
    writer.array(entries.flatMap { $0.pseudoFrequencies.map(\.bitPattern) })
    writer.array(entries.map(\.idf.bitPattern))
    fuzzy.encode(to: &writer)
    spellings.encode(to: &writer)
    // Per spelling (in `spellings.terms` order), the number of its term among `terms`.
    var termNumbers: [String: UInt32] = [:]
    for (number, term) in terms.enumerated() { termNumbers[term] = UInt32(number) }
    writer.array(spellings.terms.map { spellingTerms[$0].flatMap { termNumbers[$0] } ?? UInt32.max })
  }

  /// Reads what `encode` wrote. `analyzer`: the catalog's analyser (the caller rebuilds it;
  /// it is not stored).
  ///
  /// Checks what scoring relies on, throwing otherwise: terms strictly ascending; per term at
  /// least one field posting and one document, the per-term counts adding up to the flat
  /// arrays' lengths; every field posting's document below `documentCount` and field below
  /// the field count, ascending by document then field; a term's `documents` exactly the
  /// distinct documents of its field postings (hence strictly ascending, for the binary
  /// search of `matchedTerms`), with one pseudo frequency each; the fuzzy vocabulary's terms
  /// those of the index. `documentCount` is at most `maximumStoredDocuments`; the caller
  /// checks it against the catalog's intents.
  package init(from reader: inout BinaryReader, analyzer: TextAnalyzer) throws(BinaryReader.Failure) {
    typealias Failure = BinaryReader.Failure
    let configuration = try Configuration(from: &reader)
    let documentCount = try reader.count(
      "keyword index document count", in: 0...Self.maximumStoredDocuments)
    let terms = try [String](from: &reader)
    // The arrays as buffers into the reader's store, which outlives this initialiser: their
    // slices copy in one move, where the generic slices of a `FlatArray` went element by
    // element through its conformance (most of the time of reading the index).
    let fieldCounts = try reader.array(of: UInt32.self, "keyword field posting counts").buffer
    let documentCounts = try reader.array(of: UInt32.self, "keyword document counts").buffer
    let postingDocuments = try reader.array(of: Int32.self, "keyword posting documents").buffer
    let postingFields = try reader.array(of: UInt8.self, "keyword posting fields").buffer
    let postingFrequencies = try reader.array(of: UInt32.self, "keyword posting frequencies").buffer
    let documents = try reader.array(of: Int32.self, "keyword documents").buffer
    let pseudoFrequencies = try reader.array(of: UInt64.self, "keyword pseudo frequencies").buffer
    let idfs = try reader.array(of: UInt64.self, "keyword idf").buffer
    let fuzzy = try FuzzyVocabulary(from: &reader)
    let spellings = try FuzzyVocabulary(from: &reader)
    let spellingTermNumbers = try reader.values(of: UInt32.self, "keyword spelling terms")
    guard spellingTermNumbers.count == spellings.terms.count, spellingTermNumbers.allSatisfy({ Int($0) < terms.count }) else {
      throw Failure(message: "keyword index spellings do not each name one of its terms")
    }
    var spellingTerms: [String: String] = [:]
    spellingTerms.reserveCapacity(spellings.terms.count)
    for (word, number) in zip(spellings.terms, spellingTermNumbers) { spellingTerms[word] = terms[Int(number)] }

    guard fieldCounts.count == terms.count, documentCounts.count == terms.count,
      idfs.count == terms.count
    else {
      throw Failure(
        message:
          "keyword index has \(terms.count) terms but not as many posting counts and idf values")
    }
    guard postingFields.count == postingDocuments.count,
      postingFrequencies.count == postingDocuments.count,
      pseudoFrequencies.count == documents.count
    else { throw Failure(message: "keyword index posting arrays differ in length") }
    guard zip(terms, terms.dropFirst()).allSatisfy({ $0 < $1 }) else {
      throw Failure(message: "keyword index terms are not strictly ascending")
    }
    guard fuzzy.terms == terms else {
      throw Failure(message: "keyword index fuzzy vocabulary holds other terms than the index")
    }

    let fieldCount = UInt8(IntentDocument.Field.allCases.count)
    var postings: [String: TermPostings] = [:]
    postings.reserveCapacity(terms.count)
    var f = 0  // next field posting
    var d = 0  // next document entry
    for (t, term) in terms.enumerated() {
      let fieldEnd = f + Int(fieldCounts[t])
      let documentEnd = d + Int(documentCounts[t])
      guard fieldEnd > f, documentEnd > d, fieldEnd <= postingDocuments.count,
        documentEnd <= documents.count
      else {
        throw Failure(message: "keyword term \(t) has no postings, or more than the arrays hold")
      }
      var entry = TermPostings()
      entry.fields.reserveCapacity(fieldEnd - f)
      var previous: (document: Int32, field: UInt8)? = nil
      var k = d
      for p in f..<fieldEnd {
        let document = postingDocuments[p]
        let field = postingFields[p]
        guard document >= 0, Int(document) < documentCount else {
          throw Failure(
            message:
              "keyword posting document \(document) of term \(t) is not below \(documentCount)")
        }
        guard field < fieldCount else {
          throw Failure(
            message: "keyword posting field \(field) of term \(t) is not below \(fieldCount)")
        }
        if let previous {
          guard (previous.document, previous.field) < (document, field) else {
            throw Failure(
              message: "keyword postings of term \(t) are not ascending by document and field")
          }
        }
        if previous?.document != document {
          guard k < documentEnd, documents[k] == document else {
            throw Failure(message: "keyword documents of term \(t) are not those of its postings")
          }
          k += 1
        }
        previous = (document, field)
        entry.fields.append(
          Posting(
            document: document, field: field, frequency: Float(bitPattern: postingFrequencies[p])))
      }
      guard k == documentEnd else {
        throw Failure(message: "keyword documents of term \(t) are not those of its postings")
      }
      entry.documents = Array(documents[d..<documentEnd])
      entry.pseudoFrequencies = pseudoFrequencies[d..<documentEnd].map(Double.init(bitPattern:))
      entry.idf = Double(bitPattern: idfs[t])
      postings[term] = entry
      f = fieldEnd
      d = documentEnd
    }
    guard f == postingDocuments.count, d == documents.count else {
      throw Failure(message: "keyword posting arrays hold more entries than the terms' counts")
    }
    self.init(
      configuration: configuration, analyzer: analyzer, documentCount: documentCount,
      postings: postings, fuzzy: fuzzy, spellings: spellings, spellingTerms: spellingTerms,
      vocabulary: Set(terms))
  }
}
