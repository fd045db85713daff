// The position value's weights fitted by self-play (docs/warroom/ai.md, "The position value fitted by
// self-play"): a logistic regression of the outcome on the features, by Newton's method.
#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <utility>
#include <vector>

#include "warroom/ai.h"

namespace warroom {

namespace {

constexpr std::size_t kFeatures = 3;
constexpr int kNewtonSteps = 30;
constexpr double kRidge = 1e-6;  // per sample: keeps a weight whose feature never varies (or a lopsided group) finite

double logistic(double x) { return 1 / (1 + std::exp(-x)); }

constexpr int kMaxGroups = 8;
constexpr std::size_t kDim = kFeatures + kMaxGroups;  // the weights, then one constant per group
using Vector = std::array<double, kDim>;
using Matrix = std::array<Vector, kDim>;

// Solves a x = b for the first n unknowns (Gaussian elimination with partial pivoting; a is small and
// positive definite).
Vector solve(Matrix a, Vector b, std::size_t n) {
  for (std::size_t c = 0; c < n; ++c) {
    std::size_t p = c;
    for (std::size_t r = c + 1; r < n; ++r)
      if (std::abs(a[r][c]) > std::abs(a[p][c])) p = r;
    std::swap(a[c], a[p]), std::swap(b[c], b[p]);
    for (std::size_t r = c + 1; r < n; ++r) {
      const double m = a[r][c] / a[c][c];
      for (std::size_t k = c; k < n; ++k) a[r][k] -= m * a[c][k];
      b[r] -= m * b[c];
    }
  }
  Vector x{};
  for (std::size_t c = n; c-- > 0;) {
    double s = b[c];
    for (std::size_t k = c + 1; k < n; ++k) s -= a[c][k] * x[k];
    x[c] = s / a[c][c];
  }
  return x;
}

double sample_loss(double p, double y) {
  constexpr double kFloor = 1e-12;
  return -(y * std::log(std::max(p, kFloor)) + (1 - y) * std::log(std::max(1 - p, kFloor)));
}

Vector inputs(const ValueSample& s) {
  Vector x{};
  x[0] = s.f.victory, x[1] = s.f.units, x[2] = s.f.sv;
  x[kFeatures + static_cast<std::size_t>(s.group)] = 1;
  return x;
}

// Newton's method on the regularised log-loss: every parameter, or only the groups' constants (the
// weights stay as given).
void newton(const std::vector<ValueSample>& samples, int groups, Vector& theta, bool weights_free) {
  const std::size_t n = kFeatures + static_cast<std::size_t>(groups);
  const double ridge = kRidge * static_cast<double>(samples.size());
  for (int step = 0; step < kNewtonSteps; ++step) {
    Vector grad{};
    Matrix hess{};
    for (const ValueSample& s : samples) {
      const Vector x = inputs(s);
      double z = 0;
      for (std::size_t k = 0; k < n; ++k) z += theta[k] * x[k];
      const double p = logistic(z), w = p * (1 - p);
      for (std::size_t a = 0; a < n; ++a) {
        grad[a] += (p - s.outcome) * x[a];
        for (std::size_t b = 0; b < n; ++b) hess[a][b] += w * x[a] * x[b];
      }
    }
    for (std::size_t a = 0; a < n; ++a) grad[a] += ridge * theta[a], hess[a][a] += ridge;
    if (!weights_free)
      for (std::size_t a = 0; a < kFeatures; ++a) {
        grad[a] = 0;
        for (std::size_t b = 0; b < n; ++b) hess[a][b] = hess[b][a] = a == b ? 1 : 0;
      }
    const Vector delta = solve(hess, grad, n);
    for (std::size_t a = 0; a < n; ++a) theta[a] -= delta[a];
  }
}

double mean_loss(const std::vector<ValueSample>& samples, const Vector& theta) {
  double total = 0;
  for (const ValueSample& s : samples) {
    const Vector x = inputs(s);
    double z = 0;
    for (std::size_t k = 0; k < kDim; ++k) z += theta[k] * x[k];
    total += sample_loss(logistic(z), s.outcome);
  }
  return samples.empty() ? 0 : total / static_cast<double>(samples.size());
}

void check_groups(const std::vector<ValueSample>& samples, int groups) {
  if (groups < 1 || groups > kMaxGroups) throw std::invalid_argument("fit_value: 1 to 8 groups");
  for (const ValueSample& s : samples)
    if (s.group < 0 || s.group >= groups) throw std::invalid_argument("fit_value: a sample's group is out of range");
}

}  // namespace

ValueWeights fit_value(const std::vector<ValueSample>& samples, int groups, double* loss) {
  check_groups(samples, groups);
  Vector theta{};
  newton(samples, groups, theta, true);
  if (loss) *loss = mean_loss(samples, theta);
  return {theta[0], theta[1], theta[2]};
}

double value_loss(const std::vector<ValueSample>& samples, int groups, const ValueWeights& w) {
  check_groups(samples, groups);
  Vector theta{};
  theta[0] = w.victory, theta[1] = w.units, theta[2] = w.sv;
  newton(samples, groups, theta, false);
  return mean_loss(samples, theta);
}

}  // namespace warroom
