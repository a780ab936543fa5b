package io.jazmin.error;

/**
 * The file (or the request) needs a feature this library does not support (yet): an unknown
 * reader feature, a reserved codec, or a format feature that a later version implements. The
 * message always names the feature.
 */
public class UnsupportedFeatureException extends JazminException {
    private final String feature;

    public UnsupportedFeatureException(String feature, String message) {
        super(message);
        this.feature = feature;
    }

    /** The name of the unsupported feature, e.g. {@code nested-columns} or {@code zstd}. */
    public String feature() {
        return feature;
    }
}
