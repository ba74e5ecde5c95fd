-- | Phases 1 and 7: a strict Data.Map that grows insert by insert and,
-- at the end of the run, shrinks delete by delete. Keys are scrambled so
-- every insert and delete rebalances a different path of the tree.
module Leak.Table (Table, growTable, shrinkTable, tableChecksum) where

import qualified Data.Map.Strict as Map
import Data.List (foldl')
import Leak.Work (mix)

type Table = Map.Map Int [Int]

scramble :: Int -> Int -> Int
scramble n i = (i * 7919) `mod` n

growTable :: Int -> Table
growTable n = foldl' step Map.empty [0 .. n - 1]
  where
    step m i = let k = scramble n i in Map.insert k (row k) m
    row k = [k, k + 1, k * 3]

tableChecksum :: Int -> Table -> Int
tableChecksum salt = Map.foldlWithKey' (\acc k v -> mix acc (k + salt + sum v)) 0

-- | Delete the keys in chunks and checksum what is left after each chunk:
-- the checksums keep the shrinking map busy long enough to be seen.
shrinkTable :: Int -> Int -> Table -> [Int]
shrinkTable n chunk = go 0
  where
    go i m
      | Map.null m = []
      | otherwise =
          let m' = foldl' (\t j -> Map.delete (scramble n j) t) m [i .. min (n - 1) (i + chunk - 1)]
              c = tableChecksum i m'
          in c `seq` (c : go (i + chunk) m')
