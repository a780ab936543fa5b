package io.jazmin.internal.shape;

/**
 * An export shape checked against its tables, ready to run ({@link ShapeRunner}) or to describe
 * ({@link ShapeSchema}).
 */
public final class CompiledShape {
    private final TableScope root;
    private final ShapeNode template;

    CompiledShape(TableScope root, ShapeNode template) {
        this.root = root;
        this.template = template;
    }

    /** The exported table. */
    TableScope root() {
        return root;
    }

    /** The root template, evaluated over every row of the exported table. */
    ShapeNode template() {
        return template;
    }
}
