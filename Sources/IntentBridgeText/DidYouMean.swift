/// "Did you mean" suggestions by edit distance, the one rule for every place that offers
/// them: catalog fields, arguments, enum values, intent and tool names, CLI subcommands,
/// options and option values.
package enum DidYouMean {
  /// The closest candidate within a distance of about a third of the word, if any.
  package static func closest(to word: String, in candidates: [String]) -> String? {
    let lowered = word.lowercased()
    var best: (String, Int)?
    for candidate in candidates {
      let d = distance(lowered, candidate.lowercased())
      if d <= max(1, word.count / 3), best == nil || d < best!.1 { best = (candidate, d) }
    }
    return best?.0
  }

  /// Optimal-string-alignment distance (Levenshtein plus adjacent transpositions, so
  /// "titel" is one edit from "title"), over Unicode scalars: the text module's
  /// `editDistance` without a limit. - Complexity: O(a·b).
  package static func distance(_ a: String, _ b: String) -> Int {
    editDistance(a, b, limit: max(a.unicodeScalars.count, b.unicodeScalars.count))
  }
}
