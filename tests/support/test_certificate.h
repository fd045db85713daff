// A throw-away self-signed certificate made in a test (an EC P-256 key, valid for an hour), for local
// TLS servers standing in for a webhook receiver or an SMTP server: `names` are its subjectAltNames
// ("IP:127.0.0.1", "DNS:elsewhere.example"). Nothing is written but where the test puts it.
#pragma once

#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

#include <boost/asio/ssl.hpp>
#include <memory>
#include <stdexcept>
#include <string>

namespace test_support {

struct TestCertificate {
  std::string certificate_pem, key_pem;

  static TestCertificate make(const std::string& names) {
    const auto fail = [](const char* what) { throw std::runtime_error(std::string("test certificate: ") + what); };
    std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(EVP_EC_gen("P-256"), EVP_PKEY_free);
    if (!key) fail("no key");
    std::unique_ptr<X509, decltype(&X509_free)> x(X509_new(), X509_free);
    X509_set_version(x.get(), 2);
    unsigned char serial[8];
    RAND_bytes(serial, sizeof serial);
    std::unique_ptr<BIGNUM, decltype(&BN_free)> bn(BN_bin2bn(serial, sizeof serial, nullptr), BN_free);
    BN_to_ASN1_INTEGER(bn.get(), X509_get_serialNumber(x.get()));
    X509_gmtime_adj(X509_getm_notBefore(x.get()), -60);
    X509_gmtime_adj(X509_getm_notAfter(x.get()), 3600);
    X509_set_pubkey(x.get(), key.get());
    X509_NAME* name = X509_get_subject_name(x.get());
    X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_ASC, reinterpret_cast<const unsigned char*>("wartables test"), -1, -1, 0);
    X509_set_issuer_name(x.get(), name);
    X509V3_CTX ctx;
    X509V3_set_ctx_nodb(&ctx);
    X509V3_set_ctx(&ctx, x.get(), x.get(), nullptr, nullptr, 0);
    for (const auto& [nid, value] :
         {std::pair<int, std::string>{NID_subject_alt_name, names}, {NID_basic_constraints, "critical,CA:TRUE"}}) {
      X509_EXTENSION* ext = X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.c_str());
      if (!ext) fail("bad extension");
      X509_add_ext(x.get(), ext, -1);
      X509_EXTENSION_free(ext);
    }
    if (!X509_sign(x.get(), key.get(), EVP_sha256())) fail("not signed");
    TestCertificate out;
    out.certificate_pem = pem([&](BIO* b) { return PEM_write_bio_X509(b, x.get()); });
    out.key_pem = pem([&](BIO* b) { return PEM_write_bio_PrivateKey(b, key.get(), nullptr, nullptr, 0, nullptr, nullptr); });
    return out;
  }

  // A TLS server's context presenting this certificate.
  std::shared_ptr<boost::asio::ssl::context> server_context() const {
    auto ctx = std::make_shared<boost::asio::ssl::context>(boost::asio::ssl::context::tls_server);
    ctx->use_certificate_chain(boost::asio::buffer(certificate_pem));
    ctx->use_private_key(boost::asio::buffer(key_pem), boost::asio::ssl::context::pem);
    return ctx;
  }

 private:
  template <class Write>
  static std::string pem(Write write) {
    std::unique_ptr<BIO, decltype(&BIO_free)> b(BIO_new(BIO_s_mem()), BIO_free);
    if (!write(b.get())) throw std::runtime_error("test certificate: PEM");
    char* data = nullptr;
    const long n = BIO_get_mem_data(b.get(), &data);
    return std::string(data, static_cast<std::size_t>(n));
  }
};

}  // namespace test_support
