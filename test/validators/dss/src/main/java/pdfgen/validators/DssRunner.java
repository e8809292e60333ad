package pdfgen.validators;

import eu.europa.esig.dss.model.FileDocument;
import eu.europa.esig.dss.pades.validation.PDFDocumentValidator;
import eu.europa.esig.dss.simplereport.SimpleReport;
import eu.europa.esig.dss.spi.DSSUtils;
import eu.europa.esig.dss.spi.validation.CommonCertificateVerifier;
import eu.europa.esig.dss.spi.x509.CommonTrustedCertificateSource;
import eu.europa.esig.dss.validation.SignedDocumentValidator;
import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Reads one job per line on standard input, "path TAB userPassword TAB trustedCertificate.der"
 * (the last two may be empty), and writes one JSON line per file: {"file", "signatures": [{"format",
 * "indication", "subIndication", "errors"}]}, DSS's simple report with its default policy, offline
 * (no revocation data is fetched). The certificate given is trusted as an anchor: a self-signed
 * test certificate then validates as a customer's from a trust service would.
 */
public final class DssRunner {
  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    System.setOut(new PrintStream(System.err, true, StandardCharsets.UTF_8));
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null; ) {
      if (line.isBlank()) continue;
      String[] job = line.split("\t", -1);
      StringBuilder json = new StringBuilder("{\"file\":").append(Json.quote(job[0]));
      try {
        CommonCertificateVerifier verifier = new CommonCertificateVerifier();
        if (job.length > 2 && !job[2].isEmpty()) {
          CommonTrustedCertificateSource trusted = new CommonTrustedCertificateSource();
          trusted.addCertificate(DSSUtils.loadCertificate(new File(job[2])));
          verifier.setTrustedCertSources(trusted);
        }
        SignedDocumentValidator validator = SignedDocumentValidator.fromDocument(new FileDocument(job[0]));
        if (job.length > 1 && !job[1].isEmpty()) ((PDFDocumentValidator) validator).setPasswordProtection(job[1].toCharArray());
        validator.setCertificateVerifier(verifier);
        SimpleReport report = validator.validateDocument().getSimpleReport();
        List<String> signatures = report.getSignatureIdList().stream().map(id -> "{\"format\":" + Json.quote(String.valueOf(report.getSignatureFormat(id)))
            + ",\"indication\":" + Json.quote(String.valueOf(report.getIndication(id)))
            + ",\"subIndication\":" + Json.quote(report.getSubIndication(id) == null ? null : report.getSubIndication(id).name())
            + ",\"errors\":[" + report.getAdESValidationErrors(id).stream().map(m -> Json.quote(m.getValue())).collect(Collectors.joining(",")) + "]}").toList();
        json.append(",\"signatures\":[").append(String.join(",", signatures)).append(']');
      } catch (Throwable error) {
        json.append(",\"error\":").append(Json.quote(String.valueOf(error)));
      }
      out.println(json.append('}'));
    }
  }
}
