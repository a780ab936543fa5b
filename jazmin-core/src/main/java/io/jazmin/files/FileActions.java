package io.jazmin.files;

import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What viewers may do with an embedded file (its {@code actions}, spec §1.23), as readers must take
 * them: an omitted action is allowed, unknown actions and wrong-typed values are ignored. Advisory
 * for viewers only.
 *
 * @param open          whether it may be opened
 * @param save          whether it may be saved
 * @param print         whether it may be printed
 * @param pdf           whether it may be saved as PDF
 * @param image         whether it may be saved as an image
 * @param pdfSettingsJson the page settings for its PDF (a JSON object text), or {@code null}
 */
public record FileActions(boolean open, boolean save, boolean print, boolean pdf, boolean image,
                          String pdfSettingsJson) {
    private static final JsonMapper JSON = JsonMapper.builder().build();

    /** Everything allowed: a file without {@code actions}. */
    public static final FileActions ALL = new FileActions(true, true, true, true, true, null);

    /** The actions of a stored {@code actions} JSON text ({@code null}: everything allowed). */
    public static FileActions of(String json) {
        if (json == null) {
            return ALL;
        }
        JsonNode root;
        try {
            root = JSON.readTree(json);
        } catch (JacksonException e) {
            return ALL;
        }
        if (root == null || !root.isObject()) {
            return ALL;
        }
        JsonNode pdf = root.get("pdf");
        boolean pdfAllowed = pdf == null || !pdf.isBoolean() || pdf.booleanValue();
        String settings = pdf != null && pdf.isObject() ? JSON.writeValueAsString(pdf) : null;
        return new FileActions(flag(root, "open"), flag(root, "save"), flag(root, "print"), pdfAllowed,
                flag(root, "image"), settings);
    }

    private static boolean flag(JsonNode root, String name) {
        JsonNode v = root.get(name);
        return v == null || !v.isBoolean() || v.booleanValue();
    }
}
