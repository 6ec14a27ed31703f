#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import IntentBridgeCatalog
import IntentBridgeText

/// BM25F over the fields of `IntentDocument`s.
///
/// Per query term *t*: `tf′ = Σ_f w_f · tf_f / (1 − b + b · len_f / avglen_f)`, score
/// contribution `idf(t) · tf′ / (k1 + tf′)` with `idf(t) = ln(1 + (N − n_t + 0.5) / (n_t + 0.5))`,
/// which stays positive on tiny catalogs. Query terms missing from the vocabulary are looked
/// up with one edit (typos) and, for languages that compound (German), split into known
/// parts; such matches count with `fuzzyWeight`. Ties are broken by catalog order.
///
/// - Complexity: building O(total text); scoring O(Σ postings of the query terms).
public struct KeywordIndex: Sendable {
  public struct Configuration: Sendable, Hashable {
    /// Weight per `IntentDocument.Field` (by raw value).
    public var fieldWeights: [Double] = [3.0, 2.0, 1.5, 1.0, 0.5, 0.6, 0.4]
    public var b: Double = 0.75
    public var k1: Double = 1.2
    /// Weight of a query term matched only through a typo or compound split.
    public var fuzzyWeight: Double = 0.7
    /// Weight of a query term that is a stop or function word of the language ("what",
    /// "is", "you": they match titles such as "What is your name" without naming a topic).
    public var functionWordWeight: Double = 0.4
    public init() {}

    /// The settings of a catalog whose phrases are a template grammar: those its shipped
    /// calibration was fitted with (`b` 0.5, function words weighing as much as other words,
    /// parameter descriptions not indexed).
    /// With the defaults above, which help description-only catalogs, the grammar catalogs'
    /// off-domain requests got 1.3–3.3 points fewer "no match" ("wie backe ich einen
    /// apfelkuchen" matched "back" at 63 %).
    public static var grammar: Configuration {
      var configuration = Configuration()
      configuration.b = 0.5
      configuration.functionWordWeight = 1
      configuration.fieldWeights[6] = 0
      return configuration
    }
  }

  struct Posting: Sendable {
    var document: Int32
    var field: UInt8
    var frequency: Float
  }

  public let configuration: Configuration
  public let analyzer: TextAnalyzer
  public let documentCount: Int
  private let postings: [String: [Posting]]
  private let documentFrequency: [String: Int]
  /// Field lengths: `lengths[doc * fieldCount + field]`.
  private let lengths: [Float]
  private let averageLengths: [Float]
  private let fuzzy: FuzzyVocabulary
  private let vocabulary: Set<String>

  public init(documents: [IntentDocument], analyzer: TextAnalyzer, configuration: Configuration = Configuration()) {
    self.configuration = configuration
    self.analyzer = analyzer
    let fieldCount = IntentDocument.Field.allCases.count
    var postings: [String: [Posting]] = [:]
    var lengths = [Float](repeating: 0, count: documents.count * fieldCount)
    for (d, document) in documents.enumerated() {
      for field in 0..<fieldCount {
        var counts: [String: Float] = [:]
        var length: Float = 0
        for fragment in document.fields[field] {
          for token in analyzer.tokens(fragment) where !token.isSkipWord {
            counts[token.term, default: 0] += 1
            length += 1
          }
        }
        lengths[d * fieldCount + field] = length
        for (term, frequency) in counts.sorted(by: { $0.key < $1.key }) {
          postings[term, default: []].append(Posting(document: Int32(d), field: UInt8(field), frequency: frequency))
        }
      }
    }
    var averages = [Float](repeating: 0, count: fieldCount)
    for field in 0..<fieldCount {
      var total: Float = 0
      for d in 0..<documents.count { total += lengths[d * fieldCount + field] }
      averages[field] = documents.isEmpty ? 1 : max(1, total / Float(documents.count))
    }
    var frequency: [String: Int] = [:]
    for (term, list) in postings { frequency[term] = Set(list.map(\.document)).count }
    self.postings = postings
    self.documentFrequency = frequency
    self.lengths = lengths
    self.averageLengths = averages
    self.documentCount = documents.count
    self.vocabulary = Set(postings.keys)
    self.fuzzy = FuzzyVocabulary(Array(postings.keys).sorted())
  }

  /// Per document, its terms in `fields` weighted by term frequency × IDF (for comparing
  /// intents with each other, e.g. discoverability advice). Index = document index.
  /// - Complexity: O(postings).
  public func documentTermWeights(fields: Set<IntentDocument.Field>) -> [[String: Double]] {
    var vectors = [[String: Double]](repeating: [:], count: documentCount)
    for (term, list) in postings {
      let weight = idf(term)
      for posting in list where fields.contains(where: { $0.rawValue == Int(posting.field) }) {
        vectors[Int(posting.document)][term, default: 0] += Double(posting.frequency) * weight
      }
    }
    return vectors
  }

  /// A query term as matched: the term of the request, the index term it matched, and how.
  public struct MatchedTerm: Sendable, Hashable {
    public var queryTerm: String
    public var indexTerm: String
    public var weight: Double
  }

  /// The query terms of `request` resolved against the vocabulary (exact, typo, compound part).
  public func resolve(_ request: String) -> [MatchedTerm] {
    resolve(tokens: analyzer.tokens(request))
  }

  /// `resolve` of a request this index's analyser has already tokenised.
  public func resolve(tokens: [AnalyzedToken]) -> [MatchedTerm] {
    var out: [MatchedTerm] = []
    var seen = Set<String>()
    let functionWords = analyzer.profile.functionWords
    for token in tokens where !token.isSkipWord {
      let term = token.term
      guard seen.insert(term).inserted else { continue }
      if vocabulary.contains(term) {
        let weight = token.isStopWord || functionWords.contains(token.folded) ? configuration.functionWordWeight : 1
        out.append(MatchedTerm(queryTerm: term, indexTerm: term, weight: weight))
        continue
      }
      if token.kind == .word {
        let parts = analyzer.decompound(token.folded, vocabulary: vocabulary)
        if parts.count > 1 {
          for part in parts where seen.insert(part).inserted {
            out.append(MatchedTerm(queryTerm: term, indexTerm: part, weight: configuration.fuzzyWeight))
          }
          continue
        }
        let candidates = fuzzy.matches(term, maxDistance: term.count >= 8 ? 2 : 1)
        for candidate in candidates.prefix(3) {
          out.append(MatchedTerm(queryTerm: term, indexTerm: candidate, weight: configuration.fuzzyWeight))
        }
      }
    }
    return out
  }

  /// BM25F scores of every document for the resolved terms (index = document index).
  public func scores(_ terms: [MatchedTerm]) -> [Double] {
    let fieldCount = IntentDocument.Field.allCases.count
    var scores = [Double](repeating: 0, count: documentCount)
    var pseudo = [Double](repeating: 0, count: documentCount)
    var touched: [Int] = []
    let n = Double(documentCount)
    for term in terms {
      guard let list = postings[term.indexTerm] else { continue }
      let df = Double(documentFrequency[term.indexTerm] ?? 0)
      let idf = log(1 + (n - df + 0.5) / (df + 0.5))
      touched.removeAll(keepingCapacity: true)
      for posting in list {
        let d = Int(posting.document)
        let f = Int(posting.field)
        let norm = 1 - configuration.b + configuration.b * Double(lengths[d * fieldCount + f] / averageLengths[f])
        if pseudo[d] == 0 { touched.append(d) }
        pseudo[d] += configuration.fieldWeights[f] * Double(posting.frequency) / norm
      }
      for d in touched {
        let tf = pseudo[d]
        scores[d] += term.weight * idf * tf / (configuration.k1 + tf)
        pseudo[d] = 0
      }
    }
    return scores
  }

  /// Whether `term` (an analysed term) occurs in some intent's fields.
  public func knows(_ term: String) -> Bool { vocabulary.contains(term) }

  /// Inverse document frequency of an index term; terms the index does not know get the
  /// largest possible value (they are what makes a request unlike every intent).
  public func idf(_ term: String) -> Double {
    let n = Double(documentCount)
    let df = Double(documentFrequency[term] ?? 0)
    return log(1 + (n - df + 0.5) / (df + 0.5))
  }

  /// Which resolved terms occur in document `d` (for explanations).
  public func matchedTerms(_ terms: [MatchedTerm], document d: Int) -> [MatchedTerm] {
    terms.filter { term in postings[term.indexTerm]?.contains { Int($0.document) == d } ?? false }
  }
}
