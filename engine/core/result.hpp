// Errors as values: parsing user input never throws or crashes, it returns
// either a value or a one-line message.
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace damier {

template <class T>
class Result {
public:
    Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit on purpose
    static Result failure(std::string message) {
        Result r;
        r.error_ = std::move(message);
        return r;
    }

    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    const T& value() const { return *value_; }
    T& value() { return *value_; }
    const T& operator*() const { return *value_; }
    const T* operator->() const { return &*value_; }
    const std::string& error() const { return error_; }

private:
    Result() = default;
    std::optional<T> value_;
    std::string error_;
};

template <class T>
Result<T> failure(std::string message) {
    return Result<T>::failure(std::move(message));
}

}  // namespace damier
