package io.jazmin.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * Each builder runs its handle from a {@code static final} field of a hidden class of its own, the form
 * the JIT inlines through (a handle in an object's field it calls generically, without inlining the
 * constructor).
 */
class ConstantBuildersTest {
    private static final MethodType BUILD = MethodType.methodType(Object.class, MappingContext.class);
    private static final MappingContext CTX = new MappingContext(MappingOptions.defaults(),
            new JsonCodec(MappingOptions.defaults()));

    @Test
    void eachBuilderCallsItsOwnHandleFromAStaticFinalFieldOfItsOwnHiddenClass() throws Throwable {
        MethodHandle ann = MethodHandles.dropArguments(MethodHandles.constant(Object.class, "Ann"), 0,
                MappingContext.class);
        MethodHandle bob = MethodHandles.dropArguments(MethodHandles.constant(Object.class, "Bob"), 0,
                MappingContext.class);
        RowMapper.Builder first = ConstantBuilders.of(ann);
        RowMapper.Builder second = ConstantBuilders.of(bob);
        assertThat(first.build(CTX)).isEqualTo("Ann");
        assertThat(second.build(CTX)).isEqualTo("Bob");
        assertThat(first.getClass()).isNotSameAs(second.getClass());
        for (RowMapper.Builder b : new RowMapper.Builder[] {first, second}) {
            assertThat(b.getClass().isHidden()).as("hidden class").isTrue();
            assertThat(b.getClass().getPackageName()).isEqualTo(RowMapper.class.getPackageName());
            Field[] handles = Arrays.stream(b.getClass().getDeclaredFields())
                    .filter(f -> f.getType() == MethodHandle.class).toArray(Field[]::new);
            assertThat(handles).hasSize(1);
            assertThat(handles[0].getModifiers() & (Modifier.STATIC | Modifier.FINAL))
                    .as("a static final field, a constant to the JIT").isEqualTo(Modifier.STATIC | Modifier.FINAL);
        }
    }

    @Test
    void whatTheHandleThrowsReachesTheCaller() {
        MethodHandle refusing = MethodHandles.dropArguments(MethodHandles.throwException(Object.class,
                IllegalArgumentException.class).bindTo(new IllegalArgumentException("refused")), 0,
                MappingContext.class);
        assertThatThrownBy(() -> ConstantBuilders.of(refusing).build(CTX))
                .isInstanceOf(IllegalArgumentException.class).hasMessage("refused");
    }

    @Test
    void aHandleOfAnotherTypeIsRefusedWhenTheBuilderIsMade() {
        MethodHandle wrong = MethodHandles.dropArguments(MethodHandles.constant(String.class, "Ann"), 0,
                MappingContext.class);
        assertThat(wrong.type()).isNotEqualTo(BUILD);
        assertThatThrownBy(() -> ConstantBuilders.of(wrong)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(BUILD.toString());
    }
}
