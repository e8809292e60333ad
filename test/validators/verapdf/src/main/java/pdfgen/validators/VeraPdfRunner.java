package pdfgen.validators;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;
import org.verapdf.gf.foundry.VeraGreenfieldFoundryProvider;
import org.verapdf.pdfa.Foundries;
import org.verapdf.pdfa.PDFAParser;
import org.verapdf.pdfa.PDFAValidator;
import org.verapdf.pdfa.flavours.PDFAFlavour;
import org.verapdf.pdfa.results.TestAssertion;
import org.verapdf.pdfa.results.ValidationResult;

/**
 * Reads lines "PROFILE<TAB>path" (PROFILE: 2b, 3b, ua1, ..., or auto for the PDF/A level the file claims) on standard input and writes one JSON
 * line per file: {"file", "profile", "compliant", "failures": [{"rule", "count", "message", "context"}]}.
 * One JVM for every file: veraPDF's start-up costs seconds, a file costs milliseconds.
 */
public final class VeraPdfRunner {
  public static void main(String[] args) throws Exception {
    VeraGreenfieldFoundryProvider.initialise();
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = in.readLine()) != null; ) {
      if (line.isBlank()) continue;
      String[] parts = line.split("\t", 2);
      out.println(validate(parts[0], parts[1]));
    }
  }

  private static PDFAFlavour claimedFlavour(String path) throws Exception {
    try (PDFAParser parser = Foundries.defaultInstance().createParser(new File(path))) {
      return parser.getFlavour();
    } catch (IndexOutOfBoundsException noClaim) {
      // veraPDF 1.30 reads the claim from the XMP's pdfaid schema and fails this way without one.
      return PDFAFlavour.NO_FLAVOUR;
    }
  }

  private static String validate(String profile, String path) {
    StringBuilder json = new StringBuilder();
    json.append("{\"file\":").append(Json.quote(path)).append(",\"profile\":").append(Json.quote(profile));
    try {
      // "auto": the PDF/A level the file itself claims in its XMP (none claimed: nothing to check).
      PDFAFlavour flavour = "auto".equals(profile) ? claimedFlavour(path) : PDFAFlavour.fromString(profile);
      if (flavour == PDFAFlavour.NO_FLAVOUR) return json.append(",\"compliant\":true,\"failures\":[],\"claimed\":false}").toString();
      try (PDFAParser parser = Foundries.defaultInstance().createParser(new File(path), flavour)) {
        PDFAValidator validator = Foundries.defaultInstance().createValidator(flavour, false);
        ValidationResult result = validator.validate(parser);
        Map<String, Integer> counts = new TreeMap<>();
        Map<String, TestAssertion> first = new TreeMap<>();
        for (TestAssertion assertion : result.getTestAssertions()) {
          if (assertion.getStatus() != TestAssertion.Status.FAILED) continue;
          String rule = assertion.getRuleId().getClause() + "-" + assertion.getRuleId().getTestNumber();
          counts.merge(rule, 1, Integer::sum);
          first.putIfAbsent(rule, assertion);
        }
        json.append(",\"flavour\":").append(Json.quote(flavour.getId())).append(",\"compliant\":").append(result.isCompliant()).append(",\"failures\":[");
        boolean comma = false;
        for (Map.Entry<String, Integer> entry : counts.entrySet()) {
          TestAssertion assertion = first.get(entry.getKey());
          if (comma) json.append(',');
          comma = true;
          json.append("{\"rule\":").append(Json.quote(entry.getKey()))
              .append(",\"count\":").append(entry.getValue())
              .append(",\"message\":").append(Json.quote(assertion.getMessage()))
              .append(",\"error\":").append(Json.quote(assertion.getErrorMessage()))
              .append(",\"context\":").append(Json.quote(assertion.getLocation() == null ? null : assertion.getLocation().getContext()))
              .append('}');
        }
        json.append(']');
      }
    } catch (Throwable error) {
      json.append(",\"compliant\":false,\"error\":").append(Json.quote(String.valueOf(error)));
    }
    return json.append('}').toString();
  }
}
