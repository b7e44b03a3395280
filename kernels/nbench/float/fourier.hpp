#pragma once
// FOURIER: Fourier coefficients of f(x) = (x+1)^x over one period [0, 2] (omega = pi), each by a
// 200-step trapezoid rule; nbench counts one unit per coefficient.
#include <cstddef>
#include <span>

namespace hwbench::kernels::nbench {

/// Coefficients per array: a[0..N-1] and b[1..N-1], so 2N-1 per iteration (N as nbench's
/// calibration picks it on any machine where N = 100 takes over 60 µs).
inline constexpr std::size_t fourier_size = 100;

/// Which product is integrated.
enum class FourierTerm { plain, cosine, sine };

/// nbench's trapezoid rule over [0, 2] in 200 steps of f(x), f(x)cos(omega_n x) or
/// f(x)sin(omega_n x). As in BYTEmark, the sum of the inner points stops one short (x = 0.01 to
/// 1.98): the coefficient tables BYTEmark's documentation prints come out only that way.
double fourier_integral(double omega_n, FourierTerm term);

/// Fills a[0] = (integral of f) / 2 and, for 0 < i < a.size(), a[i] and b[i] with omega_n = pi i;
/// b[0] is left alone. Returns the number of coefficients computed (2 a.size() - 1).
std::size_t fourier_coefficients(std::span<double> a, std::span<double> b);

}  // namespace hwbench::kernels::nbench
