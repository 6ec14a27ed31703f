import AppIntents
import Foundation

/// A recipe from the user's cookbook. Spotlight indexes recipes, so Siri can offer them.
struct RecipeEntity: AppEntity, IndexedEntity {
  static let typeDisplayRepresentation: TypeDisplayRepresentation = "Recipe"
  static let defaultQuery = RecipeQuery()

  let id: UUID

  @Property(title: "Name")
  var name: String

  @Property(title: "Servings")
  var servings: Int

  @Property(title: "Cooking Time")
  var cookingTime: Measurement<UnitDuration>

  @Property(title: "Vegetarian")
  var isVegetarian: Bool

  var displayRepresentation: DisplayRepresentation {
    DisplayRepresentation(title: "\(name)", subtitle: "\(servings) servings")
  }
}

struct RecipeQuery: EntityStringQuery {
  func entities(for identifiers: [RecipeEntity.ID]) async throws -> [RecipeEntity] {
    try await Cookbook.shared.recipes(with: identifiers).map(RecipeEntity.init)
  }

  func entities(matching string: String) async throws -> [RecipeEntity] {
    try await Cookbook.shared.search(string).map(RecipeEntity.init)
  }

  func suggestedEntities() async throws -> [RecipeEntity] {
    try await Cookbook.shared.favourites().map(RecipeEntity.init)
  }
}

/// One stocked item of the pantry.
struct PantryItemEntity: AppEntity {
  static let typeDisplayRepresentation = TypeDisplayRepresentation(
    name: LocalizedStringResource("Pantry Item"),
    numericFormat: "\(placeholder: .int) pantry items")
  static let defaultQuery = PantryItemQuery()

  let id: String

  @Property(title: "Name")
  var name: String

  @Property(title: "Quantity")
  var quantity: Int

  @Property(title: "Storage")
  var location: StorageLocation

  @Property(title: "Best Before")
  var bestBefore: Date?

  var displayRepresentation: DisplayRepresentation {
    DisplayRepresentation(title: "\(name)", subtitle: "\(quantity) in \(location.rawValue)")
  }
}

struct PantryItemQuery: EnumerableEntityQuery {
  func allEntities() async throws -> [PantryItemEntity] {
    try await Pantry.shared.items().map(PantryItemEntity.init)
  }

  func entities(for identifiers: [PantryItemEntity.ID]) async throws -> [PantryItemEntity] {
    try await Pantry.shared.items(with: identifiers).map(PantryItemEntity.init)
  }
}
