package io.jazmin.internal.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.jazmin.error.JazminValidationException;
import io.jazmin.schema.JsonText;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonTexts#wrapAllValid} (a column's json texts checked by one parser) accepts exactly the
 * texts {@link JsonTexts#requireValidNonNull} accepts one by one, and fails as it fails for the first
 * invalid text: texts that would read as valid only together (a value split over two texts, two
 * values in one text beside an empty one) are refused.
 */
class JsonTextsTogetherTest {
    @Test
    void validTextsAreWrappedAsTheyAreAndNullsStayNull() {
        Object[] values = {"[\"a\",\"b3\"]", null, "{\"k\":1,\"geo\":{\"lat\":1.5}}", "12", "\"s\\n\"", " true ",
            "[1,\n2]", "-0.5e3", "{}"};
        Object[] texts = values.clone();
        JsonTexts.wrapAllValid(JsonText.class, values, 0, values.length);
        for (int i = 0; i < values.length; i++) {
            assertThat(values[i]).isEqualTo(texts[i] == null ? null : JsonText.of((String) texts[i]));
        }
    }

    @Test
    void onlyTheRangeGivenIsWrapped() {
        Object[] values = {"not json", "[1]", "also not json"};
        JsonTexts.wrapAllValid(JsonText.class, values, 1, 2);
        assertThat(values).containsExactly("not json", JsonText.of("[1]"), "also not json");
    }

    @Test
    void anEmptyText() {
        assertRefusedAsOneByOne("1", "", "2");
    }

    @Test
    void aTextOfSpacesOnly() {
        assertRefusedAsOneByOne("1", "   ", "2");
    }

    @Test
    void theLiteralNull() {
        assertRefusedAsOneByOne("1", "null", "[null]");
    }

    @Test
    void twoValuesInATextBeforeOneOfSpaces() {
        // Together they hold as many values as texts: each value must start in its own text.
        assertRefusedAsOneByOne("1 2", "  ");
    }

    @Test
    void twoValuesInTheLastText() {
        assertRefusedAsOneByOne("3", "1 2");
    }

    @Test
    void anArraySplitOverTwoTexts() {
        assertRefusedAsOneByOne("[1", "]");
    }

    @Test
    void anArraySplitOverTwoTextsTheSecondAlsoHoldingAValue() {
        // As many values as texts, each starting in its own text: the first must also end in it.
        assertRefusedAsOneByOne("[1", "] 6");
    }

    @Test
    void anArraySplitOverTwoTextsAfterAValidOne() {
        assertRefusedAsOneByOne("[1]", "[1,", "2]");
    }

    @Test
    void aStringSplitOverTwoTexts() {
        assertRefusedAsOneByOne("\"ab", "c\"");
    }

    @Test
    void aLiteralSplitOverTwoTexts() {
        assertRefusedAsOneByOne("tr", "ue");
    }

    @Test
    void textAfterAValue() {
        assertRefusedAsOneByOne("{\"a\":1}", "{\"a\":1}}");
    }

    @Test
    void aTextThatIsNoJsonAtAll() {
        assertRefusedAsOneByOne("[1]", "{a:1}", "[2]");
    }

    /** The texts fail together with the failure of their first invalid text alone. */
    private static void assertRefusedAsOneByOne(String... texts) {
        String first = Arrays.stream(texts).filter(t -> !validAlone(t)).findFirst().orElseThrow();
        String expected = catchMessage(() -> JsonTexts.requireValidNonNull(first));
        Object[] values = texts.clone();
        assertThatThrownBy(() -> JsonTexts.wrapAllValid(JsonText.class, values, 0, values.length))
                .isInstanceOf(JazminValidationException.class).hasMessage(expected);
    }

    private static boolean validAlone(String text) {
        try {
            JsonTexts.requireValidNonNull(text);
            return true;
        } catch (JazminValidationException e) {
            return false;
        }
    }

    private static String catchMessage(Runnable check) {
        try {
            check.run();
        } catch (JazminValidationException e) {
            return e.getMessage();
        }
        throw new AssertionError("expected a refusal");
    }
}
