#pragma once
// A fixture for the layering test: the lowest module reaching up to the command line.
#include "runtime/cli/cli.hpp"
#include "base/support/system_text.hpp"
