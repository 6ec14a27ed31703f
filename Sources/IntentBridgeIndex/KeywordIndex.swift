import IntentBridgeCatalog
import IntentBridgeConcurrency
import IntentBridgeSystem
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
package struct KeywordIndex: Sendable {
  package struct Configuration: Sendable, Hashable {
    /// Weight per `IntentDocument.Field` (by raw value).
    package var fieldWeights: [Double] = [3.0, 2.0, 1.5, 1.0, 0.5, 0.6, 0.4]
    package var b: Double = 0.75
    package var k1: Double = 1.2
    /// Weight of a query term matched only through a typo or compound split.
    package var fuzzyWeight: Double = 0.7
    /// Weight of a query term that is a stop or function word of the language ("what",
    /// "is", "you": they match titles such as "What is your name" without naming a topic).
    package var functionWordWeight: Double = 0.4
    package init() {}

    /// The settings of a catalog whose phrases are a template grammar: those its shipped
    /// calibration was fitted with (`b` 0.5, function words weighing as much as other words,
    /// parameter descriptions not indexed).
    /// With the defaults above, which help description-only catalogs, the grammar catalogs'
    /// off-domain requests got 1.3–3.3 points fewer "no match" ("wie backe ich einen
    /// apfelkuchen" matched "back" at 63 %).
    package static var grammar: Configuration {
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

  /// Everything scoring needs of one index term, found with one lookup.
  struct TermPostings: Sendable {
    /// Per field occurrence, by document then field (for term weights).
    var fields: [Posting] = []
    /// The documents the term occurs in, ascending (binary search for `matchedTerms`).
    var documents: [Int32] = []
    /// Per entry of `documents`, the term's BM25F pseudo frequency there:
    /// `Σ_f w_f · tf_f / (1 − b + b · len_f / avglen_f)`, summed over `fields` in order.
    var pseudoFrequencies: [Double] = []
    /// `idf` of the term (`documents.count` is its document frequency).
    var idf: Double = 0
  }

  package let configuration: Configuration
  package let analyzer: TextAnalyzer
  package let documentCount: Int
  let postings: [String: TermPostings]
  /// The index terms, for typo matches of a stemmed request word (stem against stem).
  let fuzzy: FuzzyVocabulary
  /// The catalog's words as written (folded), for typo matches of a request word the stemmer
  /// left whole: "paris" is one letter from the stem "pars" of "parse" but two from "parse",
  /// so it matches nothing.
  let spellings: FuzzyVocabulary
  /// Each word of `spellings` → its index term.
  let spellingTerms: [String: String]
  let vocabulary: Set<String>

  /// An index from its parts (`init(from:analyzer:)`, which checks them).
  init(
    configuration: Configuration, analyzer: TextAnalyzer, documentCount: Int, postings: [String: TermPostings], fuzzy: FuzzyVocabulary,
    spellings: FuzzyVocabulary, spellingTerms: [String: String], vocabulary: Set<String>
  ) {
    self.configuration = configuration
    self.analyzer = analyzer
    self.documentCount = documentCount
    self.postings = postings
    self.fuzzy = fuzzy
    self.spellings = spellings
    self.spellingTerms = spellingTerms
    self.vocabulary = vocabulary
  }

  package init(documents: [IntentDocument], analyzer: TextAnalyzer, configuration: Configuration = Configuration()) {
    self.configuration = configuration
    self.analyzer = analyzer
    let fieldCount = IntentDocument.Field.allCases.count
    // Each distinct fragment is analysed once (intents that share an enum or entity repeat its
    // values' text in their `values` field), the fragments on every core; `sequence` lists
    // the fragments of every document's fields in order, by number.
    var fragmentNumber: [String: Int] = [:]
    var fragments: [String] = []
    var sequence: [Int] = []
    for document in documents {
      for field in 0..<fieldCount {
        for fragment in document.fields[field] {
          if let number = fragmentNumber[fragment] {
            sequence.append(number)
          } else {
            fragmentNumber[fragment] = fragments.count
            sequence.append(fragments.count)
            fragments.append(fragment)
          }
        }
      }
    }
    let tokens = concurrentMap(fragments, minimumChunk: 32) { analyzer.tokens($0).filter { !$0.isSkipWord } }
    let analysed = tokens.map { $0.map(\.term) }
    // Each written word (folded) with its term; a word analysed to two terms keeps the first
    // in term order.
    var spellingTerm: [String: String] = [:]
    for token in tokens.joined() where token.kind == .word {
      if let known = spellingTerm[token.folded], known <= token.term { continue }
      spellingTerm[token.folded] = token.term
    }
    // Terms numbered in order of first use, so that counting needs no hashing.
    var termNumber: [String: Int32] = [:]
    var termTexts: [String] = []
    let fragmentTerms: [[Int32]] = analysed.map { terms in
      terms.map { term in
        if let number = termNumber[term] { return number }
        let number = Int32(termTexts.count)
        termNumber[term] = number
        termTexts.append(term)
        return number
      }
    }
    var postings = [[Posting]](repeating: [], count: termTexts.count)
    var lengths = [Float](repeating: 0, count: documents.count * fieldCount)
    var counts = [Float](repeating: 0, count: termTexts.count)
    var touched: [Int32] = []
    var next = 0
    for (d, document) in documents.enumerated() {
      for field in 0..<fieldCount {
        var length: Float = 0
        for _ in document.fields[field] {
          let terms = fragmentTerms[sequence[next]]
          next += 1
          for term in terms {
            if counts[Int(term)] == 0 { touched.append(term) }
            counts[Int(term)] += 1
          }
          length += Float(terms.count)
        }
        lengths[d * fieldCount + field] = length
        // One posting per term of the field; each term's list stays in (document, field) order.
        for term in touched {
          postings[Int(term)].append(Posting(document: Int32(d), field: UInt8(field), frequency: counts[Int(term)]))
          counts[Int(term)] = 0
        }
        touched.removeAll(keepingCapacity: true)
      }
    }
    var averages = [Float](repeating: 0, count: fieldCount)
    for field in 0..<fieldCount {
      var total: Float = 0
      for d in 0..<documents.count { total += lengths[d * fieldCount + field] }
      averages[field] = documents.isEmpty ? 1 : max(1, total / Float(documents.count))
    }
    // Per term and document, the pseudo frequency summed over its fields (in field order, so
    // the sums are those the per-request loop used to make), and the term's idf.
    var terms: [String: TermPostings] = [:]
    terms.reserveCapacity(termTexts.count)
    let n = Double(documents.count)
    for (term, list) in zip(termTexts, postings) {
      var entry = TermPostings(fields: list)
      for posting in list {
        let d = Int(posting.document)
        let f = Int(posting.field)
        let norm = 1 - configuration.b + configuration.b * Double(lengths[d * fieldCount + f] / averages[f])
        let contribution = configuration.fieldWeights[f] * Double(posting.frequency) / norm
        if entry.documents.last != posting.document {
          entry.documents.append(posting.document)
          entry.pseudoFrequencies.append(0)
        }
        entry.pseudoFrequencies[entry.pseudoFrequencies.count - 1] += contribution
      }
      let df = Double(entry.documents.count)
      entry.idf = log(1 + (n - df + 0.5) / (df + 0.5))
      terms[term] = entry
    }
    self.postings = terms
    self.documentCount = documents.count
    self.vocabulary = Set(termTexts)
    self.fuzzy = FuzzyVocabulary(termTexts.sorted())
    self.spellings = FuzzyVocabulary(spellingTerm.keys)
    self.spellingTerms = spellingTerm
  }

  /// Per document, its terms in `fields` weighted by term frequency × IDF (for comparing
  /// intents with each other, e.g. discoverability advice). Index = document index.
  /// - Complexity: O(postings).
  package func documentTermWeights(fields: Set<IntentDocument.Field>) -> [[String: Double]] {
    var vectors = [[String: Double]](repeating: [:], count: documentCount)
    for (term, entry) in postings {
      let weight = entry.idf
      for posting in entry.fields where fields.contains(where: { $0.rawValue == Int(posting.field) }) {
        vectors[Int(posting.document)][term, default: 0] += Double(posting.frequency) * weight
      }
    }
    return vectors
  }

  /// A query term as matched: the term of the request, the index term it matched, and how.
  package struct MatchedTerm: Sendable, Hashable {
    package var queryTerm: String
    package var indexTerm: String
    package var weight: Double
  }

  /// The query terms of `request` resolved against the vocabulary (exact, typo, compound part).
  package func resolve(_ request: String) -> [MatchedTerm] {
    resolve(tokens: analyzer.tokens(request))
  }

  /// `resolve` of a request this index's analyser has already tokenised.
  package func resolve(tokens: [AnalyzedToken]) -> [MatchedTerm] {
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
        // Like with like: a word the stemmer left whole against the catalog's words as
        // written (with the same first letter: typos rarely change it, and a short word one
        // letter from a longer one is often another word, Finnish "teen" and "eteen"), a
        // stemmed one against the stems.
        let candidates: [String]
        if term == token.folded {
          var seen = Set<String>()
          candidates = spellings.matches(token.folded, maxDistance: token.folded.count >= 8 ? 2 : 1).compactMap { word in
            guard word.unicodeScalars.first == token.folded.unicodeScalars.first else { return nil }
            return spellingTerms[word].flatMap { seen.insert($0).inserted ? $0 : nil }
          }
        } else {
          candidates = fuzzy.matches(term, maxDistance: term.count >= 8 ? 2 : 1)
        }
        for candidate in candidates.prefix(3) where vocabulary.contains(candidate) {
          out.append(MatchedTerm(queryTerm: term, indexTerm: candidate, weight: configuration.fuzzyWeight))
        }
      }
    }
    return out
  }

  /// BM25F scores of every document for the resolved terms (index = document index).
  /// - Complexity: O(documents) to zero the scores, plus one step per document each term
  ///   occurs in (its pseudo frequency there was summed over the fields at build time).
  package func scores(_ terms: [MatchedTerm]) -> [Double] {
    var scores = [Double](repeating: 0, count: documentCount)
    let k1 = configuration.k1
    scores.withUnsafeMutableBufferPointer { out in
      for term in terms {
        guard let entry = postings[term.indexTerm] else { continue }
        let weight = term.weight * entry.idf
        entry.documents.withUnsafeBufferPointer { documents in
          entry.pseudoFrequencies.withUnsafeBufferPointer { frequencies in
            for k in documents.indices {
              let tf = frequencies[k]
              out[Int(documents[k])] += weight * tf / (k1 + tf)
            }
          }
        }
      }
    }
    return scores
  }

  /// Whether `term` (an analysed term) occurs in some intent's fields.
  package func knows(_ term: String) -> Bool { vocabulary.contains(term) }

  /// Inverse document frequency of an index term; terms the index does not know get the
  /// largest possible value (they are what makes a request unlike every intent).
  package func idf(_ term: String) -> Double {
    if let entry = postings[term] { return entry.idf }
    let n = Double(documentCount)
    return log(1 + (n + 0.5) / 0.5)
  }

  /// Which resolved terms occur in document `d` (for explanations).
  /// - Complexity: O(terms × log documents of each term).
  package func matchedTerms(_ terms: [MatchedTerm], document d: Int) -> [MatchedTerm] {
    terms.filter { term in postings[term.indexTerm].map { Self.contains($0.documents, Int32(d)) } ?? false }
  }

  /// Whether ascending `sorted` holds `value` (binary search).
  private static func contains(_ sorted: [Int32], _ value: Int32) -> Bool {
    var low = 0
    var high = sorted.count
    while low < high {
      let mid = (low + high) / 2
      if sorted[mid] < value { low = mid + 1 } else { high = mid }
    }
    return low < sorted.count && sorted[low] == value
  }
}
