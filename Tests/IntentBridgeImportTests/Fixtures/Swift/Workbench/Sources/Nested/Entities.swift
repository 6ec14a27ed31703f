import AppIntents
import Foundation

enum Catalogue {
  /// A nested type: its id is its own name.
  struct ToolEntity: AppEntity {
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Tool"
    static let defaultQuery = ToolQuery()

    var id: String

    @Property(title: "Name")
    var name: String

    @Property(title: "Last Sharpened")
    var lastSharpened: Date?

    @Property(title: "Finish")
    var finish: SurfaceFinish

    @Property(title: "Sizes")
    var sizes: [Int]

    var displayRepresentation: DisplayRepresentation { "\(name)" }
  }
}

typealias ToolEntity = Catalogue.ToolEntity

struct ToolQuery: EntityPropertyQuery {
  static let properties = QueryProperties {
    Property(\ToolEntity.$name) { EqualToComparator { $0 } }
  }
  static let sortingOptions = SortingOptions { SortableBy(\ToolEntity.$name) }

  func entities(for identifiers: [String]) async throws -> [ToolEntity] { [] }
  func entities(matching comparators: [String], mode: ComparatorMode, sortedBy: [EntityQuerySort<ToolEntity>], limit: Int?) async throws -> [ToolEntity] { [] }
  func suggestedEntities() async throws -> [ToolEntity] { [] }
}

/// Conformance added by an extension.
struct Shelf {
  var id: Int
}

extension Shelf: AppEntity {
  static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Shelf", numericFormat: "\(placeholder: .int) shelves")
  static let defaultQuery = ShelfQuery()
  var displayRepresentation: DisplayRepresentation { "Shelf \(id)" }
}

struct ShelfQuery: EntityQuery {
  func entities(for identifiers: [Int]) async throws -> [Shelf] { identifiers.map(Shelf.init) }
}

@AppEntity(schema: .photos.asset)
struct ProjectPhotoEntity {
  static let defaultQuery = ProjectPhotoQuery()
  var id: String
}

struct ProjectPhotoQuery: EnumerableEntityQuery {
  func allEntities() async throws -> [ProjectPhotoEntity] { [] }
  func entities(for identifiers: [String]) async throws -> [ProjectPhotoEntity] { [] }
}
