package io.jazmin.mapping;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;

/**
 * Turns a composed builder handle into a {@link RowMapper.Builder} the JIT compiles as one piece.
 *
 * <p>A method handle held in a field of an ordinary object is no constant to the JIT: the call site
 * cannot inline it ("receiver not constant"), and the constructor's shared form allocates the instance
 * through a class it does not know and calls the constructor out of line. A {@code static final} field
 * is a constant, so each builder gets a hidden class of its own, defined from {@link BuilderTemplate}'s
 * bytes, whose static field holds the handle (its class data): the readers, the allocation and the
 * constructor are inlined into the caller like plain code. A hidden class is unloaded with its mapper.
 */
final class ConstantBuilders {
    private static final MethodType BUILD = MethodType.methodType(Object.class, MappingContext.class);
    private static final byte[] TEMPLATE = templateBytes();

    private ConstantBuilders() {
    }

    /** A builder calling {@code handle}, of type {@code (MappingContext) -> Object}, as a constant. */
    static RowMapper.Builder of(MethodHandle handle) {
        if (!handle.type().equals(BUILD)) {
            throw new IllegalArgumentException("a builder handle is " + BUILD + ", not " + handle.type());
        }
        try {
            MethodHandles.Lookup hidden = MethodHandles.lookup().defineHiddenClassWithClassData(TEMPLATE, handle, true);
            return (RowMapper.Builder) hidden.findConstructor(hidden.lookupClass(),
                    MethodType.methodType(void.class)).invoke();
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            // Defining a class from this library's own template in its own package cannot be refused.
            throw new IllegalStateException("cannot define a row builder", e);
        }
    }

    private static byte[] templateBytes() {
        String name = BuilderTemplate.class.getSimpleName() + ".class";
        try (InputStream in = BuilderTemplate.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("the class file " + name + " is missing from the library");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
