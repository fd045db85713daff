// The TLS paths of notifications (docs/server.md, Notifications): a webhook over HTTPS and e-mail
// through an SMTP server with STARTTLS or smtps, against local servers presenting a throw-away
// self-signed certificate made here. The sender trusts what OpenSSL's default paths hold, which the
// SSL_CERT_FILE environment variable (OpenSSL's own) points at this certificate for the test; a
// certificate not trusted, or not for the host asked, is refused before anything is sent.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "server/notify_send.h"
#include "tests/support/fake_sinks.h"
#include "tests/support/test_certificate.h"

namespace {

using test_support::FakeSmtp;
using test_support::FakeWebhook;
using test_support::TestCertificate;

constexpr std::chrono::seconds kTimeout{10};

class NotifyTls : public ::testing::Test {
 protected:
  std::filesystem::path dir = std::filesystem::temp_directory_path() / ("notify-tls-test-" + std::to_string(::getpid()) + "-" +
                                                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
  // For 127.0.0.1, trusted through SSL_CERT_FILE.
  TestCertificate trusted = TestCertificate::make("IP:127.0.0.1");
  // As good, but trusted by nobody.
  TestCertificate stranger = TestCertificate::make("IP:127.0.0.1");
  // Trusted, but for another host.
  TestCertificate elsewhere = TestCertificate::make("DNS:elsewhere.example");

  void SetUp() override {
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "trusted.pem") << trusted.certificate_pem << elsewhere.certificate_pem;
    const char* before = std::getenv("SSL_CERT_FILE");
    kept_ = before ? std::optional<std::string>(before) : std::nullopt;
    ::setenv("SSL_CERT_FILE", (dir / "trusted.pem").c_str(), 1);
  }
  void TearDown() override {
    if (kept_)
      ::setenv("SSL_CERT_FILE", kept_->c_str(), 1);
    else
      ::unsetenv("SSL_CERT_FILE");
    std::filesystem::remove_all(dir);
  }
  static std::string refusal(const std::function<void()>& send) {
    try {
      send();
    } catch (const server::SendError& e) {
      return e.what();
    }
    return "";
  }
  static void mail(const std::string& url) {
    server::send_mail(url, "turns@wartables.example", "player@example.org", "Your turn", "Germany to play", kTimeout);
  }

 private:
  std::optional<std::string> kept_;
};

TEST_F(NotifyTls, AWebhookIsPostedOverHttpsToAServerWithATrustedCertificate) {
  FakeWebhook hook(trusted.server_context());
  ASSERT_EQ(hook.url().rfind("https://", 0), 0u);
  server::post_webhook(hook.url(), R"({"content": "Your turn"})", true, kTimeout);
  ASSERT_EQ(hook.received().size(), 1u);
  EXPECT_EQ(hook.received()[0]["content"], "Your turn");
}

TEST_F(NotifyTls, AWebhookWhoseCertificateIsNotTrustedOrNotForItsHostIsRefusedAndSentNothing) {
  for (const TestCertificate* bad : {&stranger, &elsewhere}) {
    FakeWebhook hook(bad->server_context());
    const std::string why = refusal([&] { server::post_webhook(hook.url(), R"({"content": "Your turn"})", true, kTimeout); });
    EXPECT_NE(why.find("TLS handshake"), std::string::npos) << why;
    EXPECT_EQ(hook.requests(), 0u) << "nothing reached the receiver";
  }
  // The same receiver with the trusted certificate is reached: the refusals above were the certificates'.
  FakeWebhook good(trusted.server_context());
  server::post_webhook(good.url(), "{}", true, kTimeout);
  EXPECT_EQ(good.requests(), 1u);
}

TEST_F(NotifyTls, MailGoesThroughStartTlsAndItsPasswordOnlyOverTls) {
  FakeSmtp smtp(FakeSmtp::Tls::starttls, trusted.server_context());
  mail(smtp.url("turns:secret@"));
  ASSERT_EQ(smtp.received().size(), 1u);
  const FakeSmtp::Mail m = smtp.received()[0];
  EXPECT_EQ(m.to, "<player@example.org>");
  EXPECT_EQ(m.subject, "Your turn");
  EXPECT_EQ(m.text, "Germany to play");
  EXPECT_EQ(m.auth, std::string("\0turns\0secret", 13));
  EXPECT_TRUE(m.auth_over_tls);
}

TEST_F(NotifyTls, MailGoesThroughSmtpsFromTheStart) {
  FakeSmtp smtp(FakeSmtp::Tls::implicit, trusted.server_context());
  ASSERT_EQ(smtp.url().rfind("smtps://", 0), 0u);
  mail(smtp.url("turns:secret@"));
  ASSERT_EQ(smtp.received().size(), 1u);
  EXPECT_EQ(smtp.received()[0].subject, "Your turn");
  EXPECT_TRUE(smtp.received()[0].auth_over_tls);
}

TEST_F(NotifyTls, AnSmtpServerWithABadCertificateIsRefusedBeforeThePasswordOrMessage) {
  for (const auto mode : {FakeSmtp::Tls::starttls, FakeSmtp::Tls::implicit})
    for (const TestCertificate* bad : {&stranger, &elsewhere}) {
      FakeSmtp smtp(mode, bad->server_context());
      const std::string why = refusal([&] { mail(smtp.url("turns:secret@")); });
      EXPECT_NE(why.find("TLS handshake"), std::string::npos) << why;
      EXPECT_TRUE(smtp.sign_ins().empty()) << "the password never left";
      EXPECT_TRUE(smtp.received().empty());
    }
}

}  // namespace
