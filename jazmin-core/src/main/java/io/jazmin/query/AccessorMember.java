package io.jazmin.query;

import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.OutputStream;
import java.lang.invoke.MethodHandleInfo;
import java.lang.invoke.SerializedLambda;

/**
 * The method an {@link Accessor} refers to, read from its {@link SerializedLambda} once per lambda
 * class (one per call site) and kept with that class: queries built again at the same place do no
 * reflection.
 *
 * @param owner  the binary name of the class declaring the method ({@code com.acme.Customer})
 * @param method the method's name
 */
record AccessorMember(String owner, String method) {
    private static final ClassValue<Slot> MEMBERS = new ClassValue<>() {
        @Override
        protected Slot computeValue(Class<?> type) {
            return new Slot();
        }
    };

    /** Filled on first use: the value needs an instance of the lambda class, which ClassValue does not get. */
    private static final class Slot {
        volatile AccessorMember member;
    }

    /** The member {@code accessor} names. */
    static AccessorMember of(Accessor<?, ?> accessor) {
        if (accessor == null) {
            throw new InvalidQueryException("the accessor is null");
        }
        Slot slot = MEMBERS.get(accessor.getClass());
        AccessorMember member = slot.member;
        if (member == null) {
            member = read(accessor);
            slot.member = member;
        }
        return member;
    }

    private static AccessorMember read(Accessor<?, ?> accessor) {
        SerializedLambda lambda = serialized(accessor);
        String name = lambda.getImplMethodName();
        String owner = lambda.getImplClass().replace('/', '.');
        int kind = lambda.getImplMethodKind();
        boolean instanceMethod = kind == MethodHandleInfo.REF_invokeVirtual
                || kind == MethodHandleInfo.REF_invokeInterface;
        if (name.startsWith("lambda$") || !instanceMethod || lambda.getCapturedArgCount() != 0
                || !lambda.getImplMethodSignature().startsWith("()")) {
            throw new InvalidQueryException("write the accessor as a method reference such as Customer::name, "
                    + "not " + describe(lambda));
        }
        return new AccessorMember(owner, name);
    }

    /**
     * The lambda's serial form, taken as Java serialization takes it: serialization may call a
     * lambda's private {@code writeReplace} in any module, so the package where the query is written
     * need not be opened to this library (only the mapped type's package is, for the mapper).
     */
    private static SerializedLambda serialized(Accessor<?, ?> accessor) {
        if (accessor.getClass().isHidden()) { // lambdas and method references; an own class is never one
            try (SerialFormCatcher catcher = new SerialFormCatcher()) {
                catcher.writeObject(accessor);
                if (catcher.caught != null) {
                    return catcher.caught;
                }
            } catch (IOException | RuntimeException e) {
                throw new InvalidQueryException("cannot read which member the accessor " + accessor.getClass().getName()
                        + " names: " + e);
            }
        }
        throw new InvalidQueryException(accessor.getClass().getName()
                + " is not a method reference such as Customer::name");
    }

    /**
     * Keeps the {@link SerializedLambda} a lambda is replaced by and writes null instead, so nothing
     * the lambda captured is serialized (a capture is refused by {@link #read} anyway).
     */
    private static final class SerialFormCatcher extends ObjectOutputStream {
        SerializedLambda caught;

        SerialFormCatcher() throws IOException {
            super(OutputStream.nullOutputStream());
            enableReplaceObject(true);
        }

        @Override
        protected Object replaceObject(Object obj) {
            if (caught == null && obj instanceof SerializedLambda lambda) {
                caught = lambda;
                return null;
            }
            return obj;
        }
    }

    private static String describe(SerializedLambda lambda) {
        return lambda.getImplMethodName().startsWith("lambda$") ? "a lambda"
                : lambda.getImplClass().replace('/', '.') + "::" + lambda.getImplMethodName()
                        + lambda.getImplMethodSignature();
    }

    @Override
    public String toString() {
        return owner.substring(owner.lastIndexOf('.') + 1) + "::" + method;
    }
}
