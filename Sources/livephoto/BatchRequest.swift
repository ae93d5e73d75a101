import ArgumentParser
import Foundation

/// One `batch` request: `{"id": <any JSON value>, "args": ["verify", "--json", "a.HEIC", "a.MOV"]}`.
struct BatchRequest {
    /// The id as compact JSON text, echoed in the response (`null` when the request has none).
    let id: String
    /// The command line after the program name.
    let args: [String]

    /// Why a line is not a request; the response says so with the line's id when it is an
    /// object that has one (as JSON-RPC does: the client can tell which request it was), else
    /// `"id": null`.
    struct Invalid: Error, Equatable {
        let reason: String
        var id = "null"
    }

    static func parse(_ line: [UInt8]) -> Result<BatchRequest, Invalid> {
        guard let value = try? JSONSerialization.jsonObject(with: Data(line), options: [.fragmentsAllowed]) else {
            return .failure(Invalid(reason: "not JSON: a request is one JSON object on one line"))
        }
        guard let object = value as? [String: Any] else {
            return .failure(Invalid(reason: "not a JSON object: a request is {\"id\": ..., \"args\": [...]}"))
        }
        let id = idText(object["id"])
        guard let args = object["args"] as? [Any] else {
            return .failure(Invalid(reason: "no \"args\" array: give the command line as a list of strings", id: id))
        }
        let strings = args.compactMap { $0 as? String }
        guard strings.count == args.count else {
            return .failure(Invalid(reason: "\"args\" must hold only strings", id: id))
        }
        guard let first = strings.first else { return .failure(Invalid(reason: "\"args\" is empty: name a command", id: id)) }
        if first == BatchCommand.configuration.commandName {
            return .failure(Invalid(reason: "\"batch\" cannot run inside batch", id: id))
        }
        return .success(BatchRequest(id: id, args: strings))
    }

    /// The id as JSON text: an absent id is null.
    private static func idText(_ id: Any?) -> String {
        guard let id, !(id is NSNull),
              let data = try? JSONSerialization.data(withJSONObject: id, options: [.fragmentsAllowed, .sortedKeys, .withoutEscapingSlashes])
        else { return "null" }
        return String(decoding: data, as: UTF8.self)
    }
}
