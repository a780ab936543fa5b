package io.jazmin.spring.boot.endpoint;

import io.jazmin.key.AccessKeyText;
import io.jazmin.key.JazminKey;
import io.jazmin.key.UnlockToken;
import io.jazmin.spring.boot.autoconfigure.JazminProperties;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;

/**
 * Masks JAZMIN's secrets in actuator's {@code /env} and {@code /configprops}, even with
 * {@code show-values: always}: every property of {@link JazminProperties#secretNames()}, however
 * it is spelt ({@code jazmin.files.docs.owner-key}, {@code ownerKey} in {@code /configprops},
 * {@code JAZMIN_FILES_DOCS_OWNER_KEY}), and any property whose value is a key, access key or
 * unlock token text ({@code jzk1-}, {@code jza1-}, {@code jzu1-}), such as the variable a
 * {@code ${CUSTOMERS_KEY}} placeholder names. A password held in a variable of another name is the
 * application's to mask.
 */
public final class JazminSecretsSanitizer implements SanitizingFunction {
    private static final List<String> SECRET_TEXT_PREFIXES = List.of(JazminKey.PREFIX, AccessKeyText.PREFIX,
            UnlockToken.PREFIX);
    /** Each secret name with separators and case dropped, {@code *} (a file name) matching anything. */
    private final List<Pattern> names;

    /** Masks the properties of {@link JazminProperties#secretNames()}. */
    public JazminSecretsSanitizer() {
        names = JazminProperties.secretNames().stream().map(JazminSecretsSanitizer::pattern).toList();
    }

    private static Pattern pattern(String name) {
        StringBuilder regex = new StringBuilder();
        for (String element : name.split("\\.")) {
            regex.append("*".equals(element) ? ".+" : Pattern.quote(compact(element)));
        }
        return Pattern.compile(regex.toString());
    }

    /** {@code jazmin.files.docs.owner-key}, {@code JAZMIN_FILES_DOCS_OWNERKEY}: {@code jazminfilesdocsownerkey}. */
    private static String compact(String key) {
        return key.replaceAll("[-_.\\[\\]]", "").toLowerCase(Locale.ROOT);
    }

    @Override
    public SanitizableData apply(SanitizableData data) {
        if (data.getValue() == null) {
            return data;
        }
        return isSecretName(data.getKey()) || isSecretText(data.getValue()) ? data.withSanitizedValue() : data;
    }

    private boolean isSecretName(String key) {
        if (key == null) {
            return false;
        }
        String compact = compact(key);
        return names.stream().anyMatch(p -> p.matcher(compact).matches());
    }

    private static boolean isSecretText(Object value) {
        String text = String.valueOf(value).strip();
        return SECRET_TEXT_PREFIXES.stream().anyMatch(text::startsWith);
    }
}
