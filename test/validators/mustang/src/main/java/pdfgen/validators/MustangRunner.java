package pdfgen.validators;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.mustangproject.validator.ZUGFeRDValidator;

/**
 * Reads one path per line on standard input (a PDF or a CII/UBL XML file) and writes one JSON line
 * per file: {"file", "valid", "report"}, the report being Mustang's XML. One JVM for every file.
 */
public final class MustangRunner {
  public static void main(String[] args) throws Exception {
    PrintStream out = new PrintStream(System.out, true, StandardCharsets.UTF_8);
    // Mustang logs through slf4j and prints notices: keep standard output for our JSON lines.
    System.setOut(new PrintStream(System.err, true, StandardCharsets.UTF_8));
    BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String path; (path = in.readLine()) != null; ) {
      if (path.isBlank()) continue;
      StringBuilder json = new StringBuilder("{\"file\":").append(Json.quote(path));
      try {
        ZUGFeRDValidator validator = new ZUGFeRDValidator();
        String report = validator.validate(path);
        json.append(",\"valid\":").append(validator.wasCompletelyValid()).append(",\"report\":").append(Json.quote(report));
      } catch (Throwable error) {
        json.append(",\"valid\":false,\"error\":").append(Json.quote(String.valueOf(error)));
      }
      out.println(json.append('}'));
    }
  }
}
