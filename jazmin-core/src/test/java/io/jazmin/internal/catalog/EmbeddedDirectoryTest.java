package io.jazmin.internal.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.jazmin.error.JazminFormatException;
import io.jazmin.internal.catalog.EmbeddedDirectory.Content;
import io.jazmin.internal.catalog.EmbeddedDirectory.Entry;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** The embedded-file directory JSON (spec §1.23): kept exactly through decode/encode, hostile input refused. */
class EmbeddedDirectoryTest {
    private static final String SHA = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    private static final String CONTENT = "{\"id\":0,\"size\":5,\"sha256\":\"" + SHA
            + "\",\"blockSize\":262144,\"blocks\":[{\"offset\":64,\"length\":21}]}";

    @Test
    void encodeAfterDecodeKeepsFilesContentsActionsAndShapes() {
        String text = "{\"files\":[{\"path\":\"a/b.html\",\"type\":\"text/html\",\"content\":0,\"groups\":[\"*\",\"x\"],"
                + "\"actions\":{\"print\":false,\"pdf\":{\"format\":\"A4\"}}}],\"contents\":[" + CONTENT + "],"
                + "\"shapes\":[{\"name\":\"s\",\"shape\":{\"id\":true}}]}";
        EmbeddedDirectory d = EmbeddedDirectory.decode(utf8(text), "files/dir");

        assertEquals(List.of(new Entry("a/b.html", "text/html", 0, List.of("*", "x"),
                "{\"print\":false,\"pdf\":{\"format\":\"A4\"}}")), d.files());
        Content c = d.content(0);
        assertEquals(5, c.size());
        assertEquals(List.of(new SectionRef(64, 21)), c.blocks());
        assertArrayEquals(utf8(text), d.encode());
    }

    @Test
    void theKeyOfAnEncryptedFileRoundTripsAndStaysOutOfToString() {
        String key = "W4/v+jFfxqZaDQY+ed3s0WWtx0P3eNFPAxIno6DO7p8=";
        String text = "{\"files\":[],\"contents\":[" + CONTENT.replace("\"blocks\"", "\"key\":\"" + key + "\",\"blocks\"")
                + "]}";
        EmbeddedDirectory d = EmbeddedDirectory.decode(utf8(text), "files/dir");
        assertThat(d.content(0).key()).hasSize(32);
        assertThat(d.content(0).toString()).doesNotContain(key.substring(0, 8));
        assertArrayEquals(utf8(text), d.encode());
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "[]",
            "{\"files\":{}}",
            "{\"files\":[],\"contents\":[{\"id\":0,\"size\":5,\"sha256\":\"" + SHA + "\",\"blockSize\":4,"
                    + "\"blocks\":[{\"offset\":64,\"length\":21}]}]}",
            "{\"files\":[],\"contents\":[{\"id\":0,\"size\":5,\"sha256\":\"xyz\",\"blockSize\":4,\"blocks\":[]}]}",
            "{\"files\":[],\"contents\":[{\"id\":0,\"size\":-1,\"sha256\":\"" + SHA + "\",\"blockSize\":4,\"blocks\":[]}]}",
            "{\"files\":[],\"contents\":[{\"id\":0,\"size\":0,\"sha256\":\"" + SHA + "\",\"blockSize\":0,\"blocks\":[]}]}",
            "{\"files\":[],\"contents\":[{\"id\":0,\"size\":0,\"sha256\":\"" + SHA + "\",\"blockSize\":1,\"key\":\"AA==\","
                    + "\"blocks\":[]}]}",
            "{\"files\":[{\"path\":\"a\",\"type\":\"t\",\"content\":7}],\"contents\":[]}",
            "{\"files\":[{\"path\":\"../a\",\"type\":\"t\",\"content\":0}],\"contents\":[" + CONTENT + "]}",
            "{\"files\":[{\"path\":\"a//b\",\"type\":\"t\",\"content\":0}],\"contents\":[" + CONTENT + "]}",
            "{\"files\":[{\"path\":\"a\\\\b\",\"type\":\"t\",\"content\":0}],\"contents\":[" + CONTENT + "]}",
            "{\"files\":[{\"path\":\"a\",\"type\":\"t\",\"content\":0},{\"path\":\"a\",\"type\":\"t\",\"content\":0}],"
                    + "\"contents\":[" + CONTENT + "]}",
            "{\"files\":[],\"contents\":[" + CONTENT + "," + CONTENT + "]}",
            "{\"files\":[],\"files\":[]}",
            "{\"files\":[],\"shapes\":{}}",
            "{\"files\":[",
    })
    void damagedDirectoriesAreFormatErrorsNamingTheSection(String text) {
        assertThatThrownBy(() -> EmbeddedDirectory.decode(utf8(text), "files/dir"))
                .isInstanceOfSatisfying(JazminFormatException.class, e -> assertEquals("files/dir", e.sectionId()));
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
