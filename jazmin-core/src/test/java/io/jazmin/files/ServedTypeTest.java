package io.jazmin.files;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** How stored types are served: the allow-list read from a stored type text, parameters and case ignored. */
class ServedTypeTest {
    @Test
    void onlyTheAllowListIsInlineWhateverTheParametersAndCase() {
        assertThat(ServedType.of("image/png", true)).isEqualTo(ServedType.INLINE);
        assertThat(ServedType.of(" Text/Plain; charset=utf-8", false)).isEqualTo(ServedType.INLINE);
        assertThat(ServedType.of("application/pdf", true)).isEqualTo(ServedType.INLINE);
        assertThat(ServedType.of("text/plainx", true)).isEqualTo(ServedType.ATTACHMENT);
        assertThat(ServedType.of("application/atom+xml", true)).isEqualTo(ServedType.ATTACHMENT);
        assertThat(ServedType.of("text/xml", true)).isEqualTo(ServedType.ATTACHMENT);
        assertThat(ServedType.of(null, true)).isEqualTo(ServedType.ATTACHMENT);
        assertThat(ServedType.of("", true)).isEqualTo(ServedType.ATTACHMENT);
        assertThat(ServedType.of("not a type", true)).isEqualTo(ServedType.ATTACHMENT);
    }

    @Test
    void pagesAreAPageAndSvgOnlyInASandbox() {
        assertThat(ServedType.of("TEXT/HTML;charset=utf-8", false)).isEqualTo(ServedType.PAGE);
        assertThat(ServedType.of("application/xhtml+xml", true)).isEqualTo(ServedType.PAGE);
        assertThat(ServedType.of("image/svg+xml", true)).isEqualTo(ServedType.PAGE);
        assertThat(ServedType.of("image/svg+xml", false)).isEqualTo(ServedType.ATTACHMENT);
        assertThat(ServedType.essence("Image/PNG ; q=1")).isEqualTo("image/png");
    }
}
