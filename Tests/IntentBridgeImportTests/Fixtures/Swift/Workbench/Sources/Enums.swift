import AppIntents

enum SurfaceFinish: String, AppEnum {
  case raw
  case oiled
  case waxed = "wax"
  case lacquered
  case painted

  static let typeDisplayRepresentation = TypeDisplayRepresentation(name: .init("finish.type", defaultValue: "Surface Finish"))

  static let caseDisplayRepresentations: [Self: DisplayRepresentation] = [
    Self.raw: "Raw",
    SurfaceFinish.oiled: DisplayRepresentation(title: "Oiled", synonyms: ["oil", "linseed (boiled)"]),
    .waxed: .init(title: "Waxed", subtitle: "Beeswax or carnauba", image: .init(named: "WaxIcon"), synonyms: ["wax"]),
    .lacquered: DisplayRepresentation(title: "Lacquered", subtitle: "\(Branding.productName) lacquer"),
    .stained: "Stained",
  ]
}

/// An enum whose cases live in an extension-free body and whose names need backticks.
enum JointKind: String, AppEnum {
  case `default`
  case dovetail, mortise = "mortise-and-tenon"
  case biscuit

  static var typeDisplayRepresentation: TypeDisplayRepresentation = "Joint"
  static var caseDisplayRepresentations: [JointKind: DisplayRepresentation] = [
    .default: "Butt Joint",
    .dovetail: DisplayRepresentation(title: "Dovetail", synonyms: ["swallowtail"]),
    .mortise: DisplayRepresentation(title: "Mortise and Tenon", synonyms: ["mortise"]),
    .biscuit: DisplayRepresentation(title: "Biscuit"),
  ]
}

/// No typeDisplayRepresentation: lint reports the missing title.
enum Priority: String, AppEnum {
  case low, high

  static let caseDisplayRepresentations: [Priority: DisplayRepresentation] = [.low: "Low", .high: "High"]
}
