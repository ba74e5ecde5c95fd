-- | Helpers that keep the mutator busy while a phase's data is alive, so
-- every phase spans several heap censuses instead of flashing by between
-- two of them. Each pass mixes in its pass number, so GHC cannot share the
-- passes and compute the checksum only once.
module Leak.Work (passes, mix) where

import Data.Bits (xor, shiftL)
import Data.List (foldl')

mix :: Int -> Int -> Int
mix acc x = (acc `shiftL` 5) `xor` (acc + x * 31)

-- | Run a data-dependent checksum @k@ times over the same structure.
passes :: Int -> (Int -> Int) -> Int
passes k check = foldl' (\acc i -> mix acc (check i)) 0 [1 .. k]
