package io.jazmin.error;

/**
 * An export shape that cannot run on a table: an unknown column, an aggregate on a column of the
 * wrong type, a bad {@code $sort}, {@code $limit} or filter, an unknown {@code $} member. Raised
 * when the shape is compiled, before any row is read. The message reads like the reference
 * library's: {@code Shape at clients[].name: unknown or hidden column 'nmae'}.
 */
public class ShapeException extends JazminValidationException {
    private final String path;

    /**
     * @param path    where in the shape the mistake is ({@code clients[].total.$sum}), empty for the root
     * @param problem what is wrong there
     */
    public ShapeException(String path, String problem) {
        super("Shape" + (path.isEmpty() ? "" : " at " + path) + ": " + problem);
        this.path = path;
    }

    /** Where in the shape the mistake is, in the reference's notation; empty for the shape itself. */
    public String path() {
        return path;
    }
}
