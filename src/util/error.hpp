// Error types. Two kinds, after LAMMPS's Error::all / Error::one:
//  - Error: every rank detects the same condition from the same data (input, configuration,
//    decomposition). All ranks throw it; main prints it once from rank 0 and every rank exits
//    non-zero through a normal MPI_Finalize.
//  - LocalError: only some ranks can know (a failed write, a bad file on one node). main prints
//    it with the rank and aborts the whole job so no rank waits forever in a collective.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace miniasd {

class Error : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

class LocalError : public std::runtime_error {
  public:
    using std::runtime_error::runtime_error;
};

// `text` fit for a message: control bytes as \xNN, runs of more than `longest_word` non-blank
// characters cut with a count of what was left out (a 2 MB line gives a short message).
std::string printable(const std::string& text, std::size_t longest_word = 80);

// A mistake in an input file, located by file, line and keyword.
class InputError : public Error {
  public:
    // column: 1-based character of the line where the mistake is (0: the line as a whole).
    InputError(const std::string& file, int line, const std::string& keyword,
               const std::string& what, int column = 0);
    const std::string& file() const { return file_; }
    int line() const { return line_; }
    const std::string& keyword() const { return keyword_; }

  private:
    std::string file_;
    int line_;
    std::string keyword_;
};

// Every mistake found in the input files, so a user fixes a file in one round. `dropped` counts
// mistakes beyond the listing cap.
class InputErrors : public Error {
  public:
    InputErrors(std::vector<InputError> errors, std::size_t dropped);
    const std::vector<InputError>& errors() const { return errors_; }

  private:
    std::vector<InputError> errors_;
};

}  // namespace miniasd
