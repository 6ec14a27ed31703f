import Foundation
import IntentBridgeJSON
import IntentBridgeText

/// A large tool catalog for `intentbridge-bench rank`, generated deterministically: tools of
/// many services (`github_create_issue`-like names), each an action on an object with a
/// qualifier, a description that says it in other words, 1–4 typed parameters and, for
/// every third tool, two example phrases; plus requests that ask for about one tool in
/// `stride` in other words than its title.
///
/// The same `count` always gives the same bytes (a fixed `SeededRandom`), so runs compare.
/// - Complexity: O(count).
enum SyntheticToolCatalog {
  static let services = [
    "github", "gitlab", "jira", "slack", "gmail", "calendar", "drive", "dropbox", "notion", "trello", "asana", "zoom",
    "stripe", "shopify", "salesforce", "hubspot", "zendesk", "twilio", "spotify", "youtube", "twitter", "linkedin",
    "figma", "aws", "azure", "gcp", "docker", "kubernetes", "postgres", "redis", "mongodb", "sentry", "datadog",
    "pagerduty", "confluence", "airtable", "mailchimp", "quickbooks", "xero", "paypal", "weather", "maps", "uber",
    "airbnb", "expedia", "yelp", "spoonacular", "fitbit", "strava", "homekit", "hue", "sonos", "nest", "tesla",
    "openlibrary", "arxiv", "wikipedia", "newsapi", "alphavantage", "coinbase",
  ]
  static let actions: [(verb: String, gerund: String, synonyms: [String])] = [
    ("create", "Creates", ["make", "add", "set up"]), ("delete", "Deletes", ["remove", "get rid of", "erase"]),
    ("update", "Updates", ["change", "modify", "edit"]), ("list", "Lists", ["show all", "give me all", "enumerate"]),
    ("get", "Retrieves", ["fetch", "look up", "show"]), ("search", "Searches", ["find", "look for", "query"]),
    ("archive", "Archives", ["put away", "file away", "shelve"]), ("share", "Shares", ["send", "pass on", "forward"]),
    ("export", "Exports", ["download", "save out", "dump"]), ("import", "Imports", ["upload", "load in", "bring in"]),
    ("assign", "Assigns", ["give", "hand over", "allocate"]), ("schedule", "Schedules", ["plan", "book", "arrange"]),
    ("cancel", "Cancels", ["call off", "stop", "abort"]), ("approve", "Approves", ["accept", "sign off", "okay"]),
    ("summarize", "Summarizes", ["recap", "condense", "digest"]), ("translate", "Translates", ["convert", "render", "localize"]),
    ("count", "Counts", ["tally", "total", "how many"]), ("restore", "Restores", ["bring back", "recover", "undo deletion of"]),
    ("merge", "Merges", ["combine", "join", "fold together"]), ("tag", "Tags", ["label", "mark", "categorize"]),
  ]
  static let objects: [(noun: String, plural: String, synonym: String)] = [
    ("issue", "issues", "ticket"), ("pull request", "pull requests", "code review"), ("message", "messages", "note"),
    ("channel", "channels", "room"), ("email", "emails", "mail"), ("event", "events", "appointment"),
    ("file", "files", "document"), ("folder", "folders", "directory"), ("page", "pages", "wiki entry"),
    ("card", "cards", "task card"), ("task", "tasks", "to-do"), ("meeting", "meetings", "call"),
    ("invoice", "invoices", "bill"), ("order", "orders", "purchase"), ("customer", "customers", "client"),
    ("lead", "leads", "prospect"), ("ticket", "tickets", "support case"), ("playlist", "playlists", "mix"),
    ("video", "videos", "clip"), ("post", "posts", "update"), ("design", "designs", "mockup"),
    ("bucket", "buckets", "storage container"), ("container", "containers", "image instance"), ("table", "tables", "relation"),
    ("alert", "alerts", "alarm"), ("incident", "incidents", "outage"), ("report", "reports", "summary"),
    ("contact", "contacts", "person"), ("payment", "payments", "transaction"), ("product", "products", "item"),
    ("forecast", "forecasts", "outlook"), ("route", "routes", "directions"), ("booking", "bookings", "reservation"),
    ("recipe", "recipes", "dish"), ("workout", "workouts", "exercise session"), ("scene", "scenes", "lighting preset"),
    ("article", "articles", "story"), ("paper", "papers", "publication"), ("quote", "quotes", "price"),
    ("wallet", "wallets", "account balance"),
  ]
  static let qualifiers: [(title: String, phrase: String)] = [
    ("", ""), ("by ID", "by its identifier"), ("in bulk", "several at once"), ("for a user", "belonging to a given user"),
    ("by date", "within a date range"), ("with comments", "including the comments"), ("as draft", "as an unpublished draft"),
    ("by label", "matching a label"), ("from template", "from a saved template"), ("recursively", "including everything inside"),
    ("for today", "for the current day"), ("with attachments", "including attached files"),
  ]
  static let parameterKinds: [(name: String, type: JSONValue, description: String)] = [
    ("id", "string", "The identifier of the"), ("query", "string", "Free-text search terms for the"),
    ("limit", "integer", "How many results to return for the"), ("since", "date", "Only include items changed after this date for the"),
    ("owner", "string", "The user who owns the"), ("priority", ["enum": "Priority"], "The priority of the"),
    ("notify", "boolean", "Whether to notify watchers of the"), ("title", "string", "The title of the"),
    ("count", "integer", "The number of"), ("due", "date", "The due date of the"),
  ]

  /// The tool at `index`: which service, action, object and qualifier it combines. Distinct
  /// for every index below services × actions × objects × qualifiers (576,000).
  static func parts(_ index: Int) -> (service: Int, action: Int, object: Int, qualifier: Int) {
    // A fixed permutation of the combinations, so that neighbouring tools differ everywhere.
    let total = services.count * actions.count * objects.count * qualifiers.count
    let mixed = (index &* 7_919 &+ 13) % total
    var rest = mixed
    let service = rest % services.count
    rest /= services.count
    let action = rest % actions.count
    rest /= actions.count
    let object = rest % objects.count
    rest /= objects.count
    return (service, action, object, rest % qualifiers.count)
  }

  /// The catalog (catalog v1 JSON text) and the requests (JSON Lines text, about one per
  /// `stride` tools, each with the tool it asks for).
  static func make(count: Int, stride: Int) -> (catalog: String, requests: String) {
    var random = SeededRandom(seed: 30_000)
    // A generator of its own picks the requested tools (about one in `stride`), so that they
    // spread over services, actions and objects alike.
    var picker = SeededRandom(seed: 500)
    var intents: [JSONValue] = []
    intents.reserveCapacity(count)
    var requests = ""
    for i in 0..<count {
      let (s, a, o, q) = parts(i)
      let service = services[s]
      let action = actions[a]
      let object = objects[o]
      let qualifier = qualifiers[q]
      let name = "\(service)_\(action.verb)_\(object.noun.replacingOccurrences(of: " ", with: "_"))" + (qualifier.title.isEmpty ? "" : "_\(q)")
      let title = "\(action.verb.capitalized) \(object.noun)" + (qualifier.title.isEmpty ? "" : " \(qualifier.title)")
      let serviceName = service.prefix(1).uppercased() + service.dropFirst()
      let article = "aeiou".contains(object.noun.first!) ? "an" : "a"
      var description = "\(action.gerund) \(article) \(object.noun) in \(serviceName)"
      if !qualifier.phrase.isEmpty { description += ", \(qualifier.phrase)" }
      description += ". Use it to \(action.synonyms[0]) \(object.plural) (also called \(object.synonym)s)."
      var parameters: [JSONValue] = []
      let parameterCount = 1 + Int(random.next() % 4)
      var taken = Set<Int>()
      for _ in 0..<parameterCount {
        let k = Int(random.next() % UInt64(parameterKinds.count))
        guard taken.insert(k).inserted else { continue }
        let kind = parameterKinds[k]
        var parameter: JSONObject = [
          "name": .string(kind.name), "title": .string(kind.name.capitalized), "description": .string("\(kind.description) \(object.noun)."),
          "type": kind.type,
        ]
        if taken.count > 1 { parameter["optional"] = true }
        parameters.append(.object(parameter))
      }
      var intent: JSONObject = [
        "id": .string(name), "title": .string(title), "description": .string(description), "categoryName": .string(serviceName),
        "parameters": .array(parameters),
      ]
      if i % 3 == 0 {
        intent["phrases"] = [
          .string("\(action.synonyms[1]) the \(object.synonym) in \(service)"), .string("\(action.verb) \(object.plural) on \(service)"),
        ]
      }
      intents.append(.object(intent))
      if picker.next() % UInt64(max(1, stride)) == 0 {
        let verb = action.synonyms[Int(random.next() % UInt64(action.synonyms.count))]
        let query = "please \(verb) my \(object.synonym) \(qualifier.phrase.isEmpty ? "" : qualifier.phrase + " ")in \(serviceName)"
        requests += JSONValue.object(["query": .string(query), "intent": .string(name)]).compactText + "\n"
      }
    }
    let document: JSONValue = [
      "formatVersion": 1,
      "app": ["name": "Synthetic tools", "defaultLanguage": "en"],
      "intents": .array(intents),
      "enums": [
        [
          "id": "Priority", "title": "Priority",
          "cases": [
            ["value": "low", "title": "Low"], ["value": "normal", "title": "Normal"], ["value": "high", "title": "High", "synonyms": ["urgent"]],
          ],
        ]
      ],
    ]
    return (JSONWriter.compact(document), requests)
  }
}
