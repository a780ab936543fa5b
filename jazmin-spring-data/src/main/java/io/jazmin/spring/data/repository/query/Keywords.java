package io.jazmin.spring.data.repository.query;

import java.util.Locale;
import org.springframework.data.repository.query.parser.Part;

/** Keyword names as written in method names, for messages. */
final class Keywords {
    private Keywords() {
    }

    /** {@code ENDING_WITH} → {@code EndingWith}; the plain equality part is {@code Is}. */
    static String of(Part.Type type) {
        if (type == Part.Type.SIMPLE_PROPERTY) {
            return "Is";
        }
        if (type == Part.Type.NEGATING_SIMPLE_PROPERTY) {
            return "Not";
        }
        StringBuilder name = new StringBuilder();
        for (String word : type.name().split("_")) {
            name.append(word.charAt(0)).append(word.substring(1).toLowerCase(Locale.ROOT));
        }
        return name.toString();
    }
}
