package io.jazmin.files;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * How stored types are served: the allow-list read from a stored type text, parameters and case
 * ignored; pages a page (SVG only in a sandbox); everything else an attachment.
 */
class ServedTypeTest {
    @ParameterizedTest(name = "{0} sandbox={1} -> {2}")
    @CsvSource(delimiter = '|', nullValues = "NULL", textBlock = """
        image/png                    | true  | INLINE
        ' Text/Plain; charset=utf-8' | false | INLINE
        application/pdf              | true  | INLINE
        text/plainx                  | true  | ATTACHMENT
        application/atom+xml         | true  | ATTACHMENT
        text/xml                     | true  | ATTACHMENT
        NULL                         | true  | ATTACHMENT
        ''                           | true  | ATTACHMENT
        not a type                   | true  | ATTACHMENT
        TEXT/HTML;charset=utf-8      | false | PAGE
        application/xhtml+xml        | true  | PAGE
        image/svg+xml                | true  | PAGE
        image/svg+xml                | false | ATTACHMENT
        """)
    void servesOnlyTheAllowListInline(String type, boolean sandbox, ServedType expected) {
        assertThat(ServedType.of(type, sandbox)).isEqualTo(expected);
    }

    @Test
    void theEssenceDropsParametersSpacesAndCase() {
        assertThat(ServedType.essence("Image/PNG ; q=1")).isEqualTo("image/png");
        assertThat(ServedType.essence(null)).isEmpty();
    }
}
