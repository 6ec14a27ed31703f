import AppIntents

/// Where an item is kept. The raw values are what the app stores.
enum StorageLocation: String, AppEnum {
  case pantry
  case fridge
  case freezer
  case spiceRack = "spice-rack"

  static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Storage Location")

  static let caseDisplayRepresentations: [StorageLocation: DisplayRepresentation] = [
    .pantry: DisplayRepresentation(
      title: "Pantry",
      subtitle: "Shelves and cupboards",
      image: .init(systemName: "cabinet"),
      synonyms: ["cupboard", "shelf"]),
    .fridge: DisplayRepresentation(title: "Fridge", image: .init(systemName: "refrigerator"), synonyms: ["refrigerator"]),
    .freezer: DisplayRepresentation(title: "Freezer", image: .init(systemName: "snowflake")),
    .spiceRack: DisplayRepresentation(title: "Spice Rack", synonyms: ["spices", "spice drawer"]),
  ]
}

/// The meals of a day a recipe can be planned for.
enum MealSlot: String, AppEnum {
  case breakfast, lunch, dinner, snack

  static var typeDisplayRepresentation: TypeDisplayRepresentation { "Meal" }

  static var caseDisplayRepresentations: [MealSlot: DisplayRepresentation] {
    [
      .breakfast: DisplayRepresentation(title: "Breakfast", synonyms: ["morning"]),
      .lunch: DisplayRepresentation(title: "Lunch", synonyms: ["midday", "noon"]),
      .dinner: DisplayRepresentation(title: "Dinner", synonyms: ["supper", "evening meal"]),
      .snack: "Snack",
    ]
  }
}

/// Units a recipe's quantities can be converted to.
enum KitchenUnit: String, AppEnum {
  case grams, kilograms, ounces, pounds, cups

  static let typeDisplayRepresentation: TypeDisplayRepresentation = "Unit"

  static let caseDisplayRepresentations: [Self: DisplayRepresentation] = [
    .grams: .init(title: "Grams", synonyms: ["g"]),
    .kilograms: .init(title: "Kilograms", synonyms: ["kg", "kilos"]),
    .ounces: .init(title: "Ounces", synonyms: ["oz"]),
    .pounds: .init(title: "Pounds", synonyms: ["lb", "lbs"]),
    .cups: .init(title: "Cups"),
  ]
}
